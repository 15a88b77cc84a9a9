// /i/:token — a student hands in drafts of an assignment through the class's link, without an account:
// the assignment and question, the student code (kept in this tab's sessionStorage, never the URL), the
// student's own drafts with released reports, and the form — a revision from the last draft with its marks.
import { useState } from "react";
import { AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { formatReportDate } from "@/lib/report-format";
import { useIntakeAssignment, useOwnDrafts } from "@/features/intake/api/intake";
import { CodeForm } from "@/features/intake/components/code-form";
import { DraftForm } from "@/features/intake/components/draft-form";
import { OwnDrafts } from "@/features/intake/components/own-drafts";
import { codeStorageKey, INTAKE_TEXT as T } from "@/features/intake/messages";

function readCode(token: string): string | null {
  try {
    return sessionStorage.getItem(codeStorageKey(token));
  } catch {
    return null;
  }
}

function Problem({ title, hint }: { title: string; hint?: string }) {
  return (
    <section
      className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      data-testid="intake-error"
    >
      <AlertTriangle className="size-8 text-warning" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">{title}</h1>
      {hint && <p className="text-base-content/75">{hint}</p>}
    </section>
  );
}

export function IntakePage({ token }: { token: string }) {
  const assignment = useIntakeAssignment(token);
  const [code, setCode] = useState<string | null>(() => readCode(token));
  const [done, setDone] = useState<string | null>(null);
  const [revising, setRevising] = useState(false);
  const drafts = useOwnDrafts(token, code);

  const chooseCode = (next: string | null) => {
    try {
      if (next) sessionStorage.setItem(codeStorageKey(token), next);
      else sessionStorage.removeItem(codeStorageKey(token));
    } catch {
      // storage off: the code lives in memory only
    }
    setCode(next);
    setDone(null);
    setRevising(false);
  };

  if (assignment.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" label={T.loading} />
      </div>
    );
  }
  if (assignment.isError) {
    const status = assignment.error instanceof ApiError ? assignment.error.status : 0;
    return <Problem title={assignment.error.message || T.failed} hint={status === 404 || status === 410 ? T.gone : undefined} />;
  }
  const a = assignment.data;
  const codeError = drafts.isError ? drafts.error.message : null;
  const list = drafts.data?.drafts ?? [];
  const last = list.at(-1);
  const lastReport = [...list].reverse().find((d) => d.report)?.report ?? null;
  const usedUp = list.length >= a.maxDrafts;

  return (
    <article className="mx-auto max-w-5xl space-y-8 px-4 py-6" data-testid="intake-page">
      <header className="space-y-2">
        <p className="text-sm text-base-content/75">{a.className}</p>
        <h1 className="text-2xl font-semibold">{a.title || T.pageTitle}</h1>
        <p className="flex flex-wrap gap-x-3 text-sm text-base-content/75">
          <span className="tabular-nums">{T.deadline(formatReportDate(a.deadline))}</span>
          <span>{T.drafts(a.maxDrafts)}</span>
          <span>{a.release === "immediate" ? T.releaseImmediate : T.releaseAfterReview}</span>
        </p>
      </header>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">{T.question}</h2>
        <p className="whitespace-pre-wrap text-base leading-relaxed">{a.question}</p>
      </section>

      {(!code || codeError) && <CodeForm error={codeError} onCode={chooseCode} />}

      {code && drafts.data && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-base font-semibold" data-testid="intake-student">
              {T.hello(drafts.data.student.name)}
            </p>
            <Button variant="ghost" size="sm" onClick={() => chooseCode(null)}>
              {T.changeCode}
            </Button>
          </div>
          {done && (
            <p role="status" className="rounded-box bg-success/10 p-3 text-sm" data-testid="intake-done">
              {done}
            </p>
          )}
          <OwnDrafts drafts={list} />
          {usedUp ? (
            <p className="text-sm text-base-content/75">{T.usedUp(a.maxDrafts)}</p>
          ) : list.length === 0 ? (
            <DraftForm token={token} code={code} onDone={setDone} />
          ) : revising && lastReport ? (
            <DraftForm
              key={last?.id}
              token={token}
              code={code}
              initialText={lastReport.answer}
              marks={lastReport.annotations}
              onDone={(m) => {
                setDone(m);
                setRevising(false);
              }}
            />
          ) : (
            lastReport && (
              <Button onClick={() => setRevising(true)} data-testid="intake-revise">
                {T.startRevision}
              </Button>
            )
          )}
        </>
      )}
      {code && drafts.isPending && <Spinner label={T.loading} />}
    </article>
  );
}
