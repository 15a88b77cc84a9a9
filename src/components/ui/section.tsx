import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/**
 * A plain page section: a heading, optional actions on its right, and content, with no border.
 * Cards are for self-contained objects (a session, a plan, a dialog); sections of one page are these.
 */
export function Section({
  title,
  heading: Heading = "h2",
  description,
  actions,
  className,
  testId,
  children,
}: {
  title: string;
  heading?: "h2" | "h3";
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={cn("space-y-3", className)} data-testid={testId}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="space-y-1">
          <Heading className={Heading === "h2" ? "text-lg font-semibold" : "text-base font-semibold"}>{title}</Heading>
          {description && <p className="text-sm text-base-content/75">{description}</p>}
        </div>
        {actions && <Toolbar>{actions}</Toolbar>}
      </div>
      {children}
    </section>
  );
}

/** A row of actions of one style (outline, small); at most one primary button sits at its end. */
export function Toolbar({ className, label, children }: { className?: string; label?: string; children: ReactNode }) {
  return (
    <div role={label ? "toolbar" : undefined} aria-label={label} className={cn("flex flex-wrap items-center gap-2", className)}>
      {children}
    </div>
  );
}

/** What a list or panel shows when it has nothing yet: one sentence and at most one action. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-box border border-dashed border-base-300 px-6 py-10 text-center">
      <p className="font-medium">{title}</p>
      {children && <p className="mt-1 text-sm text-base-content/75">{children}</p>}
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  );
}
