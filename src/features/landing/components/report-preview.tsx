import type { ReactNode } from "react";
import sample from "@/features/landing/data/sample-report.json";

type Kind = "잘한 점" | "고칠 점";

interface Mark {
  quote: string;
  kind: Kind;
  comment: string;
  rewrite?: string;
}

const MARK_STYLE: Record<Kind, { symbol: string; mark: string; chip: string }> = {
  "잘한 점": {
    symbol: "✓",
    mark: "bg-success/15 decoration-success decoration-solid",
    chip: "bg-success text-success-content",
  },
  "고칠 점": {
    symbol: "✎",
    mark: "bg-error/15 decoration-error decoration-wavy",
    chip: "bg-error text-error-content",
  },
};

/** The excerpt with each quoted span marked and numbered (the first occurrence of each quote, in order). */
function markedText(text: string, marks: readonly Mark[]): ReactNode[] {
  const spans = marks
    .map((m, i) => ({ ...m, n: i + 1, start: text.indexOf(m.quote) }))
    .filter((m) => m.start >= 0)
    .sort((a, b) => a.start - b.start);
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of spans) {
    if (m.start < at) continue;
    out.push(text.slice(at, m.start));
    const style = MARK_STYLE[m.kind];
    out.push(
      <mark
        key={m.n}
        className={`rounded-sm px-0.5 text-base-content underline decoration-2 underline-offset-4 ${style.mark}`}
      >
        {m.quote}
        <sup aria-hidden="true" className={`ml-0.5 rounded px-1 text-[0.7em] font-bold ${style.chip}`}>
          {style.symbol}
          {m.n}
        </sup>
      </mark>,
    );
    at = m.start + m.quote.length;
  }
  out.push(text.slice(at));
  return out;
}

const percent = (score: number, max: number) => Math.round((score / max) * 100);

/**
 * A graded report rendered from the bundled sample (data/sample-report.json), with plain markup:
 * the look of the real report (score, categories, 첨삭 marks and notes) without its code.
 */
export function ReportPreview() {
  const marks = sample.marks as Mark[];
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
        <ul className="grid gap-2.5" aria-label="영역별 점수">
          {sample.categories.map((c) => (
            <li key={c.name} className="grid grid-cols-[6.5rem_1fr_auto] items-center gap-3 text-sm">
              <span className="font-medium">{c.name}</span>
              <span className="h-2 overflow-hidden rounded-full bg-base-300" aria-hidden="true">
                <span className="block h-full rounded-full bg-primary" style={{ width: `${percent(c.score, c.maxScore)}%` }} />
              </span>
              <span className="tabular-nums text-base-content/80">
                {c.score}/{c.maxScore}
              </span>
            </li>
          ))}
        </ul>

        <div>
          <p className="mb-2 text-xs font-semibold text-base-content/70">답안 첨삭</p>
          <div className="space-y-3 rounded-box bg-base-200/50 p-4 text-[15px] leading-8">
            {sample.excerpt.split("\n\n").map((paragraph, i) => (
              <p key={i}>{markedText(paragraph, marks)}</p>
            ))}
          </div>
        </div>

        <ol className="grid gap-2" aria-label="첨삭 메모">
          {marks.map((m, i) => (
            <li key={m.quote} className="flex gap-2.5 text-sm">
              <span className={`h-fit shrink-0 rounded px-1.5 py-0.5 text-xs font-bold ${MARK_STYLE[m.kind].chip}`}>
                <span aria-hidden="true">{MARK_STYLE[m.kind].symbol}</span>
                {i + 1}. {m.kind}
              </span>
              <span className="leading-relaxed">
                {m.comment}
                {m.rewrite && (
                  <>
                    {" "}
                    <span className="font-semibold">고쳐 쓰기:</span> {m.rewrite}
                  </>
                )}
              </span>
            </li>
          ))}
        </ol>

        <dl className="grid gap-3 border-t border-base-300 pt-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-semibold text-success">우수한 점</dt>
            <dd className="mt-1 leading-relaxed text-base-content/80">{sample.strength}</dd>
          </div>
          <div>
            <dt className="font-semibold text-warning">개선이 필요한 점</dt>
            <dd className="mt-1 leading-relaxed text-base-content/80">{sample.improvement}</dd>
          </div>
        </dl>
      </div>
    </figure>
  );
}
