// The student's own drafts, oldest first: number, time, state, and the released report drawn by the single
// report renderer (the latest released one open).
import { useState } from "react";
import type { StudentDraft } from "@shared/intake.ts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { ReportDocumentView } from "@/components/report/report-document";
import { formatReportDate } from "@/lib/report-format";
import { INTAKE_TEXT as T } from "@/features/intake/messages";

const STATE_BADGE: Record<StudentDraft["state"], "success" | "warning" | "info" | "destructive"> = {
  released: "success",
  awaitingReview: "info",
  grading: "warning",
  error: "destructive",
};

export function OwnDrafts({ drafts }: { drafts: StudentDraft[] }) {
  const lastReleased = [...drafts].reverse().find((d) => d.report)?.id ?? null;
  const [open, setOpen] = useState<string | null>(lastReleased);
  return (
    <Section title={T.myDrafts} testId="intake-drafts">
      {drafts.length === 0 && <p className="text-sm text-base-content/75">{T.noDrafts}</p>}
      <ol className="divide-y divide-base-300">
        {drafts.map((d) => (
          <li key={d.id} className="space-y-3 py-3" data-testid="intake-draft">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex items-center gap-2">
                <h3 className="text-base font-semibold">{T.draftTitle(d.draftNumber)}</h3>
                <Badge variant={STATE_BADGE[d.state]} size="sm">
                  {T.state[d.state]}
                </Badge>
              </div>
              <span className="text-sm text-base-content/75 tabular-nums">{formatReportDate(d.submittedAt)}</span>
            </div>
            {d.report && (
              <Button variant="outline" size="sm" onClick={() => setOpen(open === d.id ? null : d.id)} aria-expanded={open === d.id}>
                {open === d.id ? T.hideReport : T.showReport}
              </Button>
            )}
            {d.report && open === d.id && <ReportDocumentView report={d.report} layout="screen" />}
          </li>
        ))}
      </ol>
    </Section>
  );
}
