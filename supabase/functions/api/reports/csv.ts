// A session's results as CSV for spreadsheets: UTF-8 with BOM, CRLF rows, RFC 4180 quoting, and
// text cells that a spreadsheet would run as a formula (= + - @, tab, CR) prefixed with an apostrophe.
import type { GraderKind } from "../../_shared/grading.ts";
import { compareStudents } from "../../_shared/student-order.ts";
import type { SubmissionStatus } from "../../_shared/types.ts";
import { seoulDateTimeStamp } from "../../_shared/format.ts";

/** One submission joined with its result (null result columns until it is completed). */
export interface CsvSubmissionRow {
  student_name: string | null;
  student_id: string | null;
  status: SubmissionStatus;
  submitted_at: Date | string;
  analysis_completed_at: Date | string | null;
  overall_score: string | number | null;
  max_score: string | number | null;
  /** The shown category scores: the teacher's when a review was saved, else the AI's (SHOWN_SCORES). */
  category_scores: { name: string; score: number | string; maxScore?: number | string }[] | null;
  /** The AI's original category scores (analysis_results.category_scores); the shown ones when absent. */
  ai_category_scores?: { name: string; score: number | string }[] | null;
  grader: GraderKind | null;
  /** analysis_results.reviewed_at (검토 완료); the scores above are the reviewed ones when there is a review. */
  reviewed_at?: Date | string | null;
}

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

function csvNumber(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const n = Number(value);
  return Number.isFinite(n) ? String(n) : "";
}

/** `YYYY-MM-DD HH:mm` in Asia/Seoul; empty for null. */
export function seoulDateTime(value: Date | string | null | undefined): string {
  return seoulDateTimeStamp(value);
}

/** Rubric category names in order of first appearance (results may differ when criteria changed). */
export function categoryNames(rows: CsvSubmissionRow[]): string[] {
  const names: string[] = [];
  for (const r of rows) {
    for (const c of Array.isArray(r.category_scores) ? r.category_scores : []) {
      if (c && typeof c.name === "string" && !names.includes(c.name)) names.push(c.name);
    }
  }
  return names;
}

/** Rows by 수험번호 (numbers by value, empty last), then name; equal ones keep their given order. */
export function byStudentNumber(rows: CsvSubmissionRow[]): CsvSubmissionRow[] {
  return rows
    .map((r) => ({ r, key: { studentId: r.student_id, studentName: r.student_name } }))
    .sort((a, b) => compareStudents(a.key, b.key))
    .map(({ r }) => r);
}

const byName = (v: unknown) =>
  new Map(
    (Array.isArray(v) ? v : []).flatMap((c) => (c && typeof c.name === "string" ? [[c.name as string, c as Record<string, unknown>]] : [])),
  );

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
    const done = r.status === "completed" && r.overall_score !== null && r.overall_score !== undefined;
    const shown = byName(r.category_scores);
    const ai = r.ai_category_scores ? byName(r.ai_category_scores) : shown;
    const cell = (m: Map<string, Record<string, unknown>>, name: string, key: string) =>
      done ? csvNumber(m.get(name)?.[key] as string | number | undefined) : "";
    const cells = [
      csvText(r.student_name),
      csvText(r.student_id),
      csvText(CSV_STATUS_LABELS[r.status] ?? r.status),
      done ? csvNumber(r.overall_score) : "",
      done ? csvNumber(r.max_score) : "",
      ...categories.map((name) => cell(shown, name, "score")),
      ...categories.map((name) => cell(ai, name, "score")),
      ...categories.map((name) => cell(shown, name, "maxScore")),
      done && r.grader ? csvText(GRADER_LABELS[r.grader] ?? r.grader) : "",
      seoulDateTime(r.submitted_at),
      done ? seoulDateTime(r.analysis_completed_at) : "",
      done ? (r.reviewed_at ? "예" : "아니오") : "",
    ];
    lines.push(cells.join(","));
  }
  return "\uFEFF" + lines.join("\r\n") + "\r\n";
}

/** `채점결과_<prompt file name without extension>.csv` (characters Windows refuses replaced). */
export function resultsCsvFilename(promptFilename: string | null | undefined): string {
  const base = (promptFilename ?? "").replace(/\.[^.]*$/, "");
  const safe = base
    .replace(/[\\/:*?"<>|\s]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 60);
  return safe ? `채점결과_${safe}.csv` : "채점결과.csv";
}
