// A session's results as CSV for spreadsheets: UTF-8 with BOM, CRLF rows, RFC 4180 quoting, and
// text cells that a spreadsheet would run as a formula (= + - @, tab, CR) prefixed with an apostrophe.
import type { GraderKind } from "../../_shared/grading.ts";
import type { SubmissionStatus } from "../../_shared/types.ts";
import { seoulDateTimeStamp } from "../../_shared/format.ts";
import { byStudentNumber, categoryNames, type CsvSubmissionRow, finalValues } from "./results.ts";

export type { CsvSubmissionRow };

export const CSV_STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: "대기중",
  analyzing: "분석중",
  completed: "완료",
  error: "오류",
};

const GRADER_LABELS: Record<GraderKind, string> = { ai: "AI", offline: "오프라인" };

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell: neutralised against formula injection, quoted when it holds `,` `"` or a line break. */
export function csvText(value: string | null | undefined): string {
  let s = value ?? "";
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const csvNumber = (value: number | null): string => (value === null ? "" : String(value));

/** `YYYY-MM-DD HH:mm` in Asia/Seoul; empty for null. */
export function seoulDateTime(value: Date | string | null | undefined): string {
  return seoulDateTimeStamp(value);
}

/**
 * The CSV document (BOM first, CRLF line ends, a trailing CRLF), one row per answer by 수험번호. Per
 * category: the final score (the teacher's when reviewed, else the AI's), the AI's original score,
 * and the maximum of the rubric that answer was graded under (answers graded under an older rubric
 * keep their own maxima).
 */
export function resultsCsv(rows: CsvSubmissionRow[]): string {
  const categories = categoryNames(rows);
  const header = [
    ...["학생 이름", "수험번호", "상태", "총점", "만점"],
    ...categories,
    ...categories.map((name) => `${name} AI`),
    ...categories.map((name) => `${name} 만점`),
    ...["채점 방식", "제출 시각", "완료 시각", "검토 완료"],
  ];
  const lines = [header.map(csvText).join(",")];
  for (const r of byStudentNumber(rows)) {
    const v = finalValues(r);
    const cells = [
      csvText(r.student_name),
      csvText(r.student_id),
      csvText(CSV_STATUS_LABELS[r.status] ?? r.status),
      csvNumber(v.total),
      csvNumber(v.max),
      ...categories.map((name) => csvNumber(v.score(name))),
      ...categories.map((name) => csvNumber(v.aiScore(name))),
      ...categories.map((name) => csvNumber(v.maxScore(name))),
      v.done && r.grader ? csvText(GRADER_LABELS[r.grader] ?? r.grader) : "",
      seoulDateTime(r.submitted_at),
      v.done ? seoulDateTime(r.analysis_completed_at) : "",
      v.reviewed === null ? "" : v.reviewed ? "예" : "아니오",
    ];
    lines.push(cells.join(","));
  }
  return "\uFEFF" + lines.join("\r\n") + "\r\n";
}

/** `채점결과_<prompt file name without extension>.<ext>` (characters Windows refuses replaced). */
export function resultsCsvFilename(promptFilename: string | null | undefined, ext: "csv" | "xlsx" = "csv"): string {
  const base = (promptFilename ?? "").replace(/\.[^.]*$/, "");
  const safe = base
    .replace(/[\\/:*?"<>|\s]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 60);
  return safe ? `채점결과_${safe}.${ext}` : `채점결과.${ext}`;
}
