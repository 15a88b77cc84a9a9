// The top of a report on screen: who, the total, a one-line verdict, the review state, how it was
// graded and the category bars — what a reader takes in before the marked answer.
import type { ReactNode } from "react";
import { REPORT_SECTIONS, REVIEW_EDITED_TEXT, type ReportDocument } from "@shared/report.ts";
import { Badge } from "@/components/ui/badge";
import { formatReportDate } from "@/lib/report-format";
import { CategoryScores, ReportFacts, ReportTotal } from "@/components/report/report-sections";

/** The first sentence of the overall judgement (종합 평가), for the header's one-line verdict; "" when none. */
export function firstSentence(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  const m = /^.+?[.!?。](?=\s|$)/.exec(t);
  return m ? m[0] : t;
}

/** 검토 완료 (with its date) / 수정 저장됨 · 검토 완료 전 / 검토 전: for the teacher and the student link. */
export function ReviewBadge({ report }: { report: Pick<ReportDocument, "reviewed" | "reviewedAt" | "edited"> }) {
  if (report.reviewed) {
    return (
      <Badge variant="success" data-testid="review-badge" data-reviewed="true">
        검토 완료{report.reviewedAt ? ` · ${formatReportDate(report.reviewedAt)}` : ""}
      </Badge>
    );
  }
  return (
    <Badge variant={report.edited ? "warning" : "ghost"} data-testid="review-badge" data-reviewed="false">
      {report.edited ? REVIEW_EDITED_TEXT : "검토 전"}
    </Badge>
  );
}

/**
 * Name, facts and badges, the total and the verdict on the left; the category bars on the right from
 * 1024 px (below on smaller screens). `meta` adds the view's own labels (the teacher's grading source).
 */
export function ReportHeader({ report, meta }: { report: ReportDocument; meta?: ReactNode }) {
  const verdict = firstSentence(report.detailedFeedback);
  return (
    <header className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6" data-testid="report-summary">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
        <div className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <p className="mr-1 text-xl font-semibold" data-testid="report-fact-name">
              {report.studentInfo.name || "-"}
            </p>
            {report.reviewed !== undefined && <ReviewBadge report={report} />}
            {meta}
          </div>
          <ReportFacts report={report} layout="screen" />
          <div className="flex flex-col gap-1">
            <ReportTotal score={report.overallScore} max={report.maxScore} layout="screen" />
            {verdict && (
              <p className="text-base leading-relaxed" data-testid="report-verdict">
                {verdict}
              </p>
            )}
          </div>
        </div>
        {report.categories.length > 0 && (
          <section className="flex flex-col gap-3 lg:border-l lg:border-base-300 lg:pl-10" data-testid="report-categories">
            <h3 className="text-sm font-semibold text-base-content/75">{REPORT_SECTIONS.categories}</h3>
            <CategoryScores categories={report.categories} layout="screen" showFeedback={false} />
          </section>
        )}
      </div>
    </header>
  );
}
