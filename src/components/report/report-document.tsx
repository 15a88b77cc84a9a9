// One report, drawn the same way for the teacher, the student link and paper: the header (facts, total,
// verdict, category scores), the marked answer, the grouped feedback, the question and rubric. Views add
// only what is theirs around it (the teacher's toolbar and grading source, the student link's expiry).
import type { ReactNode } from "react";
import { REPORT_SECTIONS, type ReportDocument } from "@shared/report.ts";
import { AnnotatedEssay, StaticAnnotatedEssay } from "@/components/report/annotated-essay";
import { firstSentence, ReportHeader } from "@/components/report/report-header";
import { ReportQuestion, ReportRubric } from "@/components/report/report-question";
import { CategoryScores, FeedbackGroup, ReportFacts, ReportSection, ReportTotal } from "@/components/report/report-sections";

export interface ReportDocumentViewProps {
  report: ReportDocument;
  layout: "screen" | "print";
  /** Shown above the report on screen (regrading, flags); printed facts carry their own. */
  notices?: ReactNode;
  /** Labels beside the name and the review state in the screen header (the teacher's grading source). */
  meta?: ReactNode;
  /** The printed header's title. */
  title?: string;
}

/**
 * In one order everywhere: the header (name, total, verdict, category scores), the marked answer, the
 * feedback grouped, then the question and its rubric.
 */
export function ReportDocumentView({ report, layout, notices, meta, title = "AI 논술 첨삭 리포트" }: ReportDocumentViewProps) {
  if (layout === "print") {
    const verdict = firstSentence(report.detailedFeedback);
    return (
      <>
        <header className="print-avoid-break border-b-2 border-base-content pb-2">
          <h2 className="text-xl font-bold">{title}</h2>
          <ReportFacts report={report} layout="print" />
          {notices}
          <ReportTotal score={report.overallScore} max={report.maxScore} layout="print" />
          {verdict && <p className="mb-2">{verdict}</p>}
          <CategoryScores categories={report.categories} layout="print" showFeedback={false} />
        </header>
        <ReportSection title="학생 답안과 첨삭" layout="print">
          <StaticAnnotatedEssay answer={report.answer} annotations={report.annotations} />
        </ReportSection>
        <FeedbackGroup report={report} layout="print" />
        <ReportSection title="문제" layout="print">
          <ReportQuestion question={report.question} />
        </ReportSection>
        <ReportSection title="평가 기준" layout="print" avoidBreak>
          <ReportRubric rubric={report.rubric} />
        </ReportSection>
      </>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {notices}
      <ReportHeader report={report} meta={meta} />
      <ReportSection title={REPORT_SECTIONS.answer} layout="screen" testId="report-answer">
        <AnnotatedEssay answer={report.answer} annotations={report.annotations} rubric={report.rubric} />
      </ReportSection>
      <FeedbackGroup report={report} layout="screen" />
      <ReportSection title={REPORT_SECTIONS.question} layout="screen" testId="report-question">
        <ReportQuestion question={report.question} />
        <ReportRubric rubric={report.rubric} />
      </ReportSection>
    </div>
  );
}

/** One student's report laid out for A4 (one page break before each in a class print). */
export function PrintReport({
  report,
  notices,
  title,
}: {
  report: ReportDocument & { submissionId?: string };
  notices?: ReactNode;
  title?: string;
}) {
  return (
    <article className="print-report" data-testid="print-report" data-submission-id={report.submissionId}>
      <ReportDocumentView report={report} layout="print" notices={notices} title={title} />
    </article>
  );
}
