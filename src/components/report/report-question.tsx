import type { RubricCategory } from "@shared/grading.ts";
import { formatScore } from "@shared/format.ts";

/** The question text of the session (untrusted text, rendered as text). */
export function ReportQuestion({ question }: { question: string }) {
  return question.trim() ? (
    <p className="whitespace-pre-wrap break-words leading-relaxed" data-testid="report-question-text">
      {question}
    </p>
  ) : (
    <p className="text-base-content/75">(문제 없음)</p>
  );
}

/** The rubric the answer was graded with: each category, its points and description. */
export function ReportRubric({ rubric }: { rubric: RubricCategory[] }) {
  if (rubric.length === 0) return <p className="text-base-content/75">(평가 기준 없음)</p>;
  const total = rubric.reduce((sum, c) => sum + (Number.isFinite(c.maxScore) ? c.maxScore : 0), 0);
  return (
    <div className="overflow-x-auto" data-testid="report-rubric">
      <table className="table table-sm">
        <caption className="sr-only">평가 기준</caption>
        <thead>
          <tr>
            <th scope="col">항목</th>
            <th scope="col" className="text-right">
              배점
            </th>
          </tr>
        </thead>
        <tbody>
          {rubric.map((c) => (
            <tr key={c.name} className="break-inside-avoid">
              <td>
                <span className="block text-sm font-semibold text-base-content">{c.name}</span>
                {c.description && <span className="block text-xs text-base-content/75">{c.description}</span>}
              </td>
              <td className="text-right align-top tabular-nums whitespace-nowrap">{formatScore(c.maxScore)}점</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">합계</th>
            <td className="text-right font-semibold tabular-nums whitespace-nowrap">{formatScore(total)}점</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
