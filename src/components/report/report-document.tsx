// One report, drawn the same way for the teacher, the student link and paper: the facts and the total,
// the question and rubric, the marked answer, the category scores and the feedback. Views add only
// what is theirs around it (the teacher's toolbar and grader notice, the student link's expiry).
import type { ReactNode } from "react";
import { REPORT_SECTIONS, type ReportDocument } from "@shared/report.ts";
import { Card, CardBody } from "@/components/ui/card";
import { AnnotatedEssay, StaticAnnotatedEssay } from "@/components/report/annotated-essay";
import { ReportQuestion, ReportRubric } from "@/components/report/report-question";
import { CategoryScores, FeedbackSections, ReportFacts, ReportSection, ReportTotal } from "@/components/report/report-sections";

export interface ReportDocumentViewProps {
  report: ReportDocument;
  layout: "screen" | "print";
  /** Shown above the facts on screen (the grader notice, flags); printed facts carry their own. */
  notices?: ReactNode;
  /** The printed header's title. */
  title?: string;
}

export function ReportDocumentView({ report, layout, notices, title = "AI 논술 첨삭 리포트" }: ReportDocumentViewProps) {
  if (layout === "print") {
    return (
      <>
        <header className="print-avoid-break border-b-2 border-base-content pb-2">
          <h2 className="text-xl font-bold">{title}</h2>
          <ReportFacts report={report} layout="print" />
          {notices}
          <ReportTotal score={report.overallScore} max={report.maxScore} layout="print" />
        </header>
        <ReportSection title="문제" layout="print">
          <ReportQuestion question={report.question} />
        </ReportSection>
        <ReportSection title="평가 기준" layout="print" avoidBreak>
          <ReportRubric rubric={report.rubric} />
        </ReportSection>
        <ReportSection title="학생 답안과 첨삭" layout="print">
          <StaticAnnotatedEssay answer={report.answer} annotations={report.annotations} />
        </ReportSection>
        <ReportSection title={REPORT_SECTIONS.categories} layout="print">
          <CategoryScores categories={report.categories} layout="print" />
        </ReportSection>
        <FeedbackSections fields={report} layout="print" />
      </>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {notices}
      <Card data-testid="report-summary">
        <CardBody className="gap-5">
          <ReportFacts report={report} layout="screen" />
          <div className="border-t border-base-300 pt-4">
            <ReportTotal score={report.overallScore} max={report.maxScore} layout="screen" />
          </div>
        </CardBody>
      </Card>
      <ReportSection title={REPORT_SECTIONS.question} layout="screen" testId="report-question">
        <ReportQuestion question={report.question} />
        <ReportRubric rubric={report.rubric} />
      </ReportSection>
      <ReportSection title={REPORT_SECTIONS.answer} layout="screen" testId="report-answer">
        <AnnotatedEssay answer={report.answer} annotations={report.annotations} rubric={report.rubric} />
      </ReportSection>
      <ReportSection title={REPORT_SECTIONS.categories} layout="screen" testId="report-categories">
        <CategoryScores categories={report.categories} layout="screen" />
      </ReportSection>
      <FeedbackSections fields={report} layout="screen" />
    </div>
  );
}

/** One student's report laid out for A4 (one page break before each in a class print). */
export function PrintReport({ report, notices }: { report: ReportDocument & { submissionId?: string }; notices?: ReactNode }) {
  return (
    <article className="print-report" data-testid="print-report" data-submission-id={report.submissionId}>
      <ReportDocumentView report={report} layout="print" notices={notices} />
    </article>
  );
}
