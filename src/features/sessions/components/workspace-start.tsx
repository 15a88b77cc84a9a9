import { type ReactNode, useEffect, useRef } from "react";
import { FileUp, Sparkles } from "lucide-react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useCreateSampleSession } from "@/features/sessions/api/create-sample-session";
import { ONBOARDING_MESSAGES as M } from "@/features/sessions/onboarding-messages";

/** One way to begin: an icon, a title and a sentence; `boxed` only for the option that has its own action. */
function StartOption({
  icon,
  title,
  text,
  boxed,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  boxed?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={boxed ? "flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4" : "flex flex-col gap-2 py-1 md:py-4"}>
      <h3 className="flex items-center gap-2 text-base font-semibold">
        {icon}
        {title}
      </h3>
      <p className="text-sm leading-relaxed text-base-content/80">{text}</p>
      {children}
    </div>
  );
}

/**
 * The empty workspace (no session yet): what to do next, with the one-click sample run. Opened as
 * `/?sample=1` (the landing's 샘플로 체험하기 after the guest start) it starts the sample by itself.
 */
export function WorkspaceStart() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const createSample = useCreateSampleSession();
  const autoStarted = useRef(false);

  const start = () => {
    if (createSample.isPending) return;
    createSample.mutate(undefined, {
      onSuccess: (session) => {
        notify({ title: M.sample.startedTitle, description: session.message || M.sample.startedDefault });
        navigate(paths.session.getHref(session.id), { replace: true });
      },
      onError: (error) => {
        notify({ title: M.sample.failTitle, description: errorMessage(error, M.sample.failDefault), variant: "destructive" });
        navigate(paths.home.getHref(), { replace: true });
      },
    });
  };

  const wantsSample = searchParams.get("sample") === "1";
  useEffect(() => {
    if (!wantsSample || autoStarted.current) return;
    autoStarted.current = true;
    start();
    // start once per visit of /?sample=1
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantsSample]);

  return (
    <Section title={M.start.title} testId="workspace-start">
      <div className="grid gap-4 md:grid-cols-2">
        <StartOption
          icon={<Sparkles className="size-4 text-primary" aria-hidden="true" />}
          title={M.start.sampleTitle}
          text={M.start.sampleText}
          boxed
        >
          <Button variant="outline" className="mt-auto w-full sm:w-fit" onClick={start} loading={createSample.isPending}>
            {createSample.isPending ? M.start.sampleBusy : M.start.sampleButton}
          </Button>
        </StartOption>
        {/* Not a card: it has no action of its own; the 문제 section below is where it starts. */}
        <StartOption icon={<FileUp className="size-4 text-primary" aria-hidden="true" />} title={M.start.ownTitle} text={M.start.ownText} />
      </div>
    </Section>
  );
}
