import type { ReactNode } from "react";
import type { ReportData } from "@shared/grading.ts";
import { BulletList } from "@/components/ui/bullet-list";
import { cn } from "@/components/ui/cn";
import { AnnotationLegend, AnnotationNoteBody, KIND_STYLE, KindMarker } from "@/features/sessions/components/annotated-essay";
import { ReportQuestion, ReportRubric } from "@/features/sessions/components/report-question";
import { placeAnnotations, paragraphSegments, splitParagraphs } from "@/features/sessions/utils/annotation-layout";
import { formatReportDate, formatScore, scoreSummary } from "@/lib/report-format";
import { REPORT_SECTIONS } from "@shared/report-sections.ts";

function PrintSection({ title, children, avoidBreak = false }: { title: string; children: ReactNode; avoidBreak?: boolean }) {
  return (
    <section className={cn("mt-5", avoidBreak && "print-avoid-break")}>
      <h3 className="mb-1.5 border-b border-base-300 pb-1 text-base font-bold">{title}</h3>
      {children}
    </section>
  );
}


/** The answer with its marks (underline by kind + numbered marker), then the numbered comments. */
export function PrintEssay({ report }: { report: ReportData }) {
  const answer = report.answer ?? "";
  const annotations = placeAnnotations(answer, report.annotations);
  const paragraphs = splitParagraphs(answer);
  if (answer.trim() === "") return <p>(답안 없음)</p>;
  return (
    <div data-testid="print-essay">
      {annotations.length > 0 && (
        <div className="mb-2">
          <AnnotationLegend />
        </div>
      )}
      {paragraphs.map((p, index) => (
        <p key={p.start} className="mb-2 whitespace-pre-wrap break-words">
          {paragraphSegments(answer, paragraphs, index, annotations).map((s, i) =>
            s.annotation ? (
              <span key={i}>
                <mark
                  className={cn("rounded-sm text-base-content underline decoration-2 underline-offset-4", KIND_STYLE[s.annotation.kind].mark)}
                  data-annotation={s.annotation.n}
                >
                  {s.text}
                </mark>
                {s.first && <KindMarker annotation={s.annotation} />}
              </span>
            ) : (
              <span key={i}>{s.text}</span>
            ),
          )}
        </p>
      ))}
      {annotations.length > 0 && (
        <PrintSection title="첨삭 메모">
          <ol className="flex flex-col gap-2" data-testid="print-notes">
            {annotations.map((a) => (
              <li key={a.n} className="print-avoid-break">
                <AnnotationNoteBody annotation={a} />
                <p className="text-xs text-base-content/70">“{a.quote.replace(/\s+/g, " ")}”</p>
              </li>
            ))}
          </ol>
        </PrintSection>
      )}
    </div>
  );
}

/** One student's report laid out for A4: what the screen report shows, without its controls. */
export function PrintReport({ report }: { report: ReportData }) {
  const total = scoreSummary(report.overallScore, report.maxScore);
  return (
    <article className="print-report" data-testid="print-report" data-submission-id={report.submissionId}>
      <header className="print-avoid-break border-b-2 border-base-content pb-2">
        <h2 className="text-xl font-bold">AI 논술 첨삭 리포트</h2>
        <dl className="mt-1 grid grid-cols-2 gap-x-6 text-sm">
          <div className="flex gap-2">
            <dt className="font-semibold">학생 이름</dt>
            <dd data-testid="print-student-name">{report.studentInfo.name || "-"}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">수험번호</dt>
            <dd>{report.studentInfo.studentId || "-"}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">제출일</dt>
            <dd>{formatReportDate(report.submittedAt)}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">완료일</dt>
            <dd>{formatReportDate(report.completedAt)}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">검토 완료</dt>
            <dd data-testid="print-reviewed">
              {"reviewed" in report && report.reviewed
                ? `예${"reviewedAt" in report && report.reviewedAt ? ` (${formatReportDate(String(report.reviewedAt))})` : ""}`
                : "아니오"}
            </dd>
          </div>
          <div className="col-span-2 flex gap-2">
            <dt className="font-semibold">채점 방식</dt>
            <dd>
              {report.graderLabel}
              {report.flagLabels.length > 0 && ` · 확인 필요: ${report.flagLabels.join(", ")}`}
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-lg font-bold">
          총점 {formatScore(report.overallScore)}/{formatScore(report.maxScore)}점 ({total.percent}%)
        </p>
      </header>

      <PrintSection title="문제">
        <ReportQuestion question={report.question ?? ""} />
      </PrintSection>
      <PrintSection title="평가 기준" avoidBreak>
        <ReportRubric rubric={report.rubric ?? []} />
      </PrintSection>
      <PrintSection title="학생 답안과 첨삭">
        <PrintEssay report={report} />
      </PrintSection>
      <PrintSection title="항목별 점수">
        <ul className="flex flex-col gap-2">
          {report.categories.map((c) => (
            <li key={c.name} className="print-avoid-break" data-testid="print-category">
              <p className="font-semibold">
                {c.name} — {formatScore(c.score)}/{formatScore(c.maxScore)}점
              </p>
              <p>{c.feedback}</p>
            </li>
          ))}
        </ul>
      </PrintSection>
      <PrintSection title="우수한 점" avoidBreak>
        <BulletList items={report.strengths} />
      </PrintSection>
      <PrintSection title="개선이 필요한 점" avoidBreak>
        <BulletList items={report.improvementAreas} />
      </PrintSection>
      <PrintSection title={REPORT_SECTIONS.feedback}>
        <p className="whitespace-pre-line">{report.detailedFeedback || "(없음)"}</p>
      </PrintSection>
      <PrintSection title="향후 개선 방안" avoidBreak>
        {report.suggestions.length === 0 ? (
          <p>(없음)</p>
        ) : (
          <ol className="list-decimal pl-5">
            {report.suggestions.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ol>
        )}
      </PrintSection>
    </article>
  );
}
