// A session's results as rows, for its spreadsheets (results.csv and export.xlsx): one query and one
// computation of each answer's final values, so the two files never disagree.
import type postgres from "postgres";
import type { GraderKind } from "../../_shared/grading.ts";
import { compareStudents } from "../../_shared/student-order.ts";
import type { SubmissionStatus } from "../../_shared/types.ts";
import { NOT_STAGED, SHOWN_SCORES } from "../lib/workspace/submissions.ts";
import { originalFields, type ReviewRow, reviewedFields } from "./build.ts";

type Sql = postgres.Sql | postgres.TransactionSql;

/** One submission joined with its result (null result columns until it is completed). */
export interface CsvSubmissionRow {
  /** essay_submissions.id (absent in hand-made rows). */
  id?: string;
  /** The roster student the answer is linked to (null: not linked). */
  roster_student_id?: string | null;
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
  /** The result's feedback as the grader wrote it, and the teacher's review (analysis_results.review). */
  strengths?: string[] | null;
  improvement_areas?: string[] | null;
  detailed_feedback?: string | null;
  suggestions?: string[] | null;
  review?: unknown;
}

/**
 * The caller's answers of session `sessionId` (staged batch items excluded), oldest first, named as
 * their roster student when linked (else as written on the answer). Run as the caller.
 */
export function selectResultRows(sql: Sql, sessionId: string, uid: string) {
  return sql<CsvSubmissionRow[]>`
    select e.id, e.roster_student_id, coalesce(st.name, e.student_name) as student_name,
           coalesce(st.exam_number, e.student_id) as student_id, e.status, e.submitted_at, e.analysis_completed_at,
           ${SHOWN_SCORES(sql)}, r.category_scores as ai_category_scores, r.grader, r.reviewed_at,
           r.strengths, r.improvement_areas, r.detailed_feedback, r.suggestions, r.review
      from public.essay_submissions e
      left join public.analysis_results r on r.submission_id = e.id
      left join public.students st on st.id = e.roster_student_id
     where e.session_id = ${sessionId} and e.user_id = ${uid} and ${NOT_STAGED(sql)}
     order by e.submitted_at, e.id`;
}

const num = (value: unknown): number | null => {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

const byName = (v: unknown) =>
  new Map(
    (Array.isArray(v) ? v : []).flatMap((c) => (c && typeof c.name === "string" ? [[c.name as string, c as Record<string, unknown>]] : [])),
  );

/** An answer's final values: null everywhere until it is graded. */
export interface FinalValues {
  done: boolean;
  total: number | null;
  max: number | null;
  /** Per category: the final score (the teacher's when reviewed, else the AI's). */
  score(name: string): number | null;
  /** Per category: the AI's original score. */
  aiScore(name: string): number | null;
  /** Per category: the maximum of the rubric that answer was graded under. */
  maxScore(name: string): number | null;
  /** 검토 완료; null until graded. */
  reviewed: boolean | null;
}

export function finalValues(r: CsvSubmissionRow): FinalValues {
  const done = r.status === "completed" && r.overall_score !== null && r.overall_score !== undefined;
  const shown = byName(r.category_scores);
  const ai = r.ai_category_scores ? byName(r.ai_category_scores) : shown;
  const cell = (m: Map<string, Record<string, unknown>>, name: string, key: string) => (done ? num(m.get(name)?.[key]) : null);
  return {
    done,
    total: done ? num(r.overall_score) : null,
    max: done ? num(r.max_score) : null,
    score: (name) => cell(shown, name, "score"),
    aiScore: (name) => cell(ai, name, "score"),
    maxScore: (name) => cell(shown, name, "maxScore"),
    reviewed: done ? Boolean(r.reviewed_at) : null,
  };
}

/** The final feedback (the teacher's version when a review was saved, else the grader's); empty until graded. */
export function finalFeedback(r: CsvSubmissionRow): {
  strengths: string[];
  improvementAreas: string[];
  detailedFeedback: string;
  suggestions: string[];
} {
  if (!finalValues(r).done) return { strengths: [], improvementAreas: [], detailedFeedback: "", suggestions: [] };
  const row = r as unknown as ReviewRow;
  const f = reviewedFields(row, "") ?? originalFields(row, "");
  return { strengths: f.strengths, improvementAreas: f.improvementAreas, detailedFeedback: f.detailedFeedback, suggestions: f.suggestions };
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

const norm = (s: string | null | undefined) => (s ?? "").normalize("NFC").trim();

/** Who wrote the answer: the linked roster student, else the 수험번호, else the name, else nobody known (the answer itself). */
function studentKey(r: CsvSubmissionRow, index: number): string {
  if (r.roster_student_id) return `roster:${r.roster_student_id}`;
  if (norm(r.student_id)) return `id:${norm(r.student_id)}`;
  if (norm(r.student_name)) return `name:${norm(r.student_name)}`;
  return `answer:${r.id ?? index}`;
}

const time = (v: Date | string | null | undefined) => (v ? new Date(v).getTime() : -Infinity);

/**
 * One row per student (rows as given, oldest first): their latest graded answer (by completion time),
 * or their latest answer when none is graded yet.
 */
export function latestPerStudent(rows: CsvSubmissionRow[]): CsvSubmissionRow[] {
  const chosen = new Map<string, CsvSubmissionRow>();
  rows.forEach((r, i) => {
    const key = studentKey(r, i);
    const cur = chosen.get(key);
    if (!cur) return void chosen.set(key, r);
    const [a, b] = [finalValues(cur).done, finalValues(r).done];
    if (b && (!a || time(r.analysis_completed_at) >= time(cur.analysis_completed_at))) chosen.set(key, r);
    else if (!a && !b && time(r.submitted_at) >= time(cur.submitted_at)) chosen.set(key, r);
  });
  return [...chosen.values()];
}
