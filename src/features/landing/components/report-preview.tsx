import type { Annotation, AnnotationKind } from "@shared/grading.ts";
import { REPORT_SECTIONS } from "@shared/report.ts";
import { CategoryBars } from "@/components/report/category-bars";
import { StaticAnnotatedEssay } from "@/components/report/marks";
import sample from "@/features/landing/data/sample-report.json";

interface SampleMark {
  quote: string;
  kind: AnnotationKind;
  comment: string;
  rewrite?: string;
}

/** The sample's marks placed on its excerpt (the first occurrence of each quote), as a report stores them. */
function sampleAnnotations(text: string, marks: readonly SampleMark[]): Annotation[] {
  return marks.flatMap((m) => {
    const start = text.indexOf(m.quote);
    if (start < 0) return [];
    return [
      {
        start,
        end: start + m.quote.length,
        quote: m.quote,
        kind: m.kind,
        category: "",
        comment: m.comment,
        rewrite: m.rewrite ?? null,
        source: "ai" as const,
      },
    ];
  });
}

/** The sample's one strength and one point to improve, each under its report heading. */
const NOTES = [
  { term: REPORT_SECTIONS.strengths, text: sample.strength, tone: "text-success" },
  { term: REPORT_SECTIONS.improvements, text: sample.improvement, tone: "text-warning" },
];

/**
 * A graded report from the bundled sample (data/sample-report.json), drawn with the report's own
 * parts (category scores, the marked answer and its notes) as it prints: nothing to hover on a
 * picture of a report.
 */
export function ReportPreview() {
  const annotations = sampleAnnotations(sample.excerpt, sample.marks as SampleMark[]);
  return (
    <figure
      className="overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-xl"
      aria-label="첨삭 리포트 미리보기 (샘플)"
      data-testid="report-preview"
    >
      <div className="flex items-center justify-between gap-3 border-b border-base-300 bg-base-200/60 px-5 py-3">
        <div className="min-w-0">
          <p className="text-xs font-medium text-base-content/70">AI 논술 첨삭 리포트 · 샘플</p>
          <p className="truncate font-semibold">
            {sample.studentName} <span className="font-normal text-base-content/70">({sample.studentId})</span>
          </p>
        </div>
        <p className="shrink-0 text-right">
          <span className="text-3xl font-extrabold text-success">{sample.overallScore}</span>
          <span className="text-sm text-base-content/70">/{sample.maxScore}점</span>
        </p>
      </div>

      <div className="grid gap-5 p-5">
        <CategoryBars categories={sample.categories} label={REPORT_SECTIONS.categories} />
        <div>
          <p className="mb-2 text-xs font-semibold text-base-content/70">{REPORT_SECTIONS.answer}</p>
          <StaticAnnotatedEssay
            answer={sample.excerpt}
            annotations={annotations}
            className="rounded-box bg-base-200/50 p-4 text-[15px] leading-8"
          />
        </div>
        <dl className="grid gap-3 border-t border-base-300 pt-4 text-sm sm:grid-cols-2">
          {NOTES.map(({ term, text, tone }) => (
            <div key={term}>
              <dt className={`font-semibold ${tone}`}>{term}</dt>
              <dd className="mt-1 leading-relaxed text-base-content/80">{text}</dd>
            </div>
          ))}
        </dl>
      </div>
    </figure>
  );
}
