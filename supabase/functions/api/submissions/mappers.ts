// essay_submissions (⟕ analysis_results) rows → the list item (docs/product.md#submission-list-item).
import type { GradeFlag, GraderKind } from "../../_shared/grading.ts";
import type { Submission, SubmissionResultSummary } from "../../_shared/types.ts";
import type { DbRow } from "../../_shared/db-rows.ts";
import { iso } from "../lib/http.ts";
import { resultRubric } from "../../_shared/rubric-scale.ts";

type SubmissionColumns = Pick<
  DbRow<"essay_submissions", "submitted_at" | "analysis_started_at" | "analysis_completed_at">,
  | "id"
  | "session_id"
  | "user_id"
  | "student_name"
  | "student_id"
  | "essay_content"
  | "essay_file_path"
  | "essay_filename"
  | "essay_mime_type"
  | "progress"
  | "progress_message"
  | "submitted_at"
  | "analysis_started_at"
  | "analysis_completed_at"
>;

/** The list query's row: essay_submissions columns (generated types) ⟕ the result's score and grader. */
export type SubmissionRow = SubmissionColumns & {
  status: Submission["status"];
  overall_score: string | number | null;
  max_score: string | number | null;
  grader: GraderKind | null;
  /** The shown (reviewed, else graded) category scores (`SHOWN_SCORES`); jsonb, untrusted shape. */
  category_scores?: unknown;
  flags?: unknown;
  /** 확인 필요: why the teacher must check the result (analysis_results.needs_review_reason). */
  needs_review_reason?: string | null;
  /** analysis_results.rubric: the rubric the result was graded under (null on rows written without one). */
  result_rubric?: unknown;
  /** A completed answer queued or being graded again (its previous result is kept meanwhile). */
  regrading?: boolean | null;
  /** The linked student (public.students) and their name; null when not linked. */
  roster_student_id?: string | null;
  roster_student_name?: string | null;
};

const FLAGS: readonly GradeFlag[] = ["manipulation", "off_topic", "too_short", "blank", "needs_check", "missing_category"];

/** The list's category scores: name, score and maximum of each well-formed entry. */
function listCategoryScores(value: unknown): NonNullable<SubmissionResultSummary["categoryScores"]> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((c) => {
    const name = c?.name;
    const score = Number(c?.score);
    const maxScore = Number(c?.maxScore);
    return typeof name === "string" && Number.isFinite(score) ? [{ name, score, maxScore: Number.isFinite(maxScore) ? maxScore : 0 }] : [];
  });
}

function listFlags(value: unknown): GradeFlag[] {
  return Array.isArray(value) ? value.filter((f): f is GradeFlag => FLAGS.includes(f)) : [];
}

/** A list item (docs/product.md#submission-list-item). `essay` is the first 100 characters (the list preview); the report has the rest. */
export function submissionJson(r: SubmissionRow): Submission & { essayMimeType: string | null } {
  const done = r.status === "completed" && r.overall_score != null;
  const score = done ? Number(r.overall_score) : null;
  return {
    id: r.id,
    sessionId: r.session_id,
    userId: r.user_id,
    studentName: r.student_name ?? "",
    studentId: r.student_id ?? "",
    essayContent: null,
    essayFilePath: r.essay_file_path,
    essayFilename: r.essay_filename,
    essayMimeType: r.essay_mime_type,
    status: r.status,
    progress: r.progress,
    progressMessage: r.progress_message,
    submittedAt: iso(r.submitted_at)!,
    analysisStartedAt: iso(r.analysis_started_at),
    analysisCompletedAt: iso(r.analysis_completed_at),
    score,
    submitTime: iso(r.submitted_at)!,
    essay: [...(r.essay_content ?? "")].slice(0, 100).join(""),
    result: done
      ? {
          overallScore: score!,
          maxScore: Number(r.max_score ?? 100),
          grader: r.grader ?? "ai",
          categoryScores: listCategoryScores(r.category_scores),
          flags: listFlags(r.flags),
          ...(r.needs_review_reason ? { needsReviewReason: r.needs_review_reason } : {}),
          rubric: resultRubric(r.result_rubric, r.category_scores),
        }
      : null,
    regrading: r.regrading === true,
    rosterStudentId: r.roster_student_id ?? null,
    rosterStudentName: r.roster_student_name ?? null,
  };
}
