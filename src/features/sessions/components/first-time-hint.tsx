import { useState, type ReactNode } from "react";
import { Lightbulb, X } from "lucide-react";
import { ONBOARDING_MESSAGES as M } from "@/features/sessions/onboarding-messages";

const STORAGE_PREFIX = "hint-dismissed:";

function isDismissed(id: string): boolean {
  try {
    return localStorage.getItem(STORAGE_PREFIX + id) === "1";
  } catch {
    return false;
  }
}

/** A short first-time hint on a workspace tab; closing it is remembered in this browser (localStorage). */
export function FirstTimeHint({ id, title, children }: { id: "setup" | "essay"; title: string; children: ReactNode }) {
  const [hidden, setHidden] = useState(() => isDismissed(id));
  if (hidden) return null;
  const dismiss = () => {
    setHidden(true);
    try {
      localStorage.setItem(STORAGE_PREFIX + id, "1");
    } catch {
      /* private mode: hidden for this visit only */
    }
  };
  return (
    <aside
      className="flex gap-3 rounded-box border border-primary/25 bg-primary/5 p-4 text-sm"
      aria-label={title}
      data-testid={`hint-${id}`}
    >
      <Lightbulb className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        <div className="mt-1 leading-relaxed text-base-content/80">{children}</div>
      </div>
      <button type="button" className="btn btn-ghost btn-sm btn-square -mt-1 -mr-1" aria-label={M.hints.close} onClick={dismiss}>
        <X className="size-4" aria-hidden="true" />
      </button>
    </aside>
  );
}

export function SetupHint() {
  return (
    <FirstTimeHint id="setup" title={M.hints.setup.title}>
      {M.hints.setup.text}
    </FirstTimeHint>
  );
}

export function EssayHint() {
  return (
    <FirstTimeHint id="essay" title={M.hints.essay.title}>
      <p>{M.hints.essay.text}</p>
      <ul className="mt-1.5 flex flex-wrap gap-1.5">
        {M.hints.essay.examples.map((name) => (
          <li key={name}>
            <code className="rounded bg-base-200 px-1.5 py-0.5 text-xs">{name}</code>
          </li>
        ))}
      </ul>
    </FirstTimeHint>
  );
}
