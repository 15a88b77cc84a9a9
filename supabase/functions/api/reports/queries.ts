// SQL of the teacher review: the report with its review and log (as the caller, or privileged for a
// student link after the token was checked), and the locked row a review is written to.
import type postgres from "postgres";
import type { ReviewedReport } from "../../_shared/review.ts";
import { HttpError } from "../lib/errors.ts";
import { toReport, type ReportRow } from "./report.ts";
import { reviewedReport, type EditRow, type ReviewRow } from "./build.ts";
import { REVIEW_API_MESSAGES as M } from "./messages.ts";
import { API_MESSAGES } from "../../_shared/messages.ts";

type Sql = postgres.Sql | postgres.TransactionSql;

/**
 * The report of submission `submissionId` of user `userId`, reviewed version first (see
 * reviewedReport). 404 when there is no such submission of that user, 409 before it is graded.
 * Run it as the caller (RLS applies too) except for a checked student link.
 */
export async function loadReviewedReport(sql: Sql, submissionId: string, userId: string): Promise<ReviewedReport & { resultId: string }> {
  const rows = await sql`
    select e.id, e.student_name, e.student_id, e.submitted_at, e.analysis_completed_at, e.essay_filename,
           s.prompt_filename, e.status,
           r.id as result_id, r.overall_score, r.max_score, r.category_scores, r.strengths, r.improvement_areas,
           r.detailed_feedback, r.suggestions, r.grader, r.model, r.flags,
           s.prompt_content, s.criteria_content, s.rubric, e.essay_content, r.annotations,
           r.review, r.reviewed_at,
           r.anchors_used, r.rubric as result_rubric
      from public.essay_submissions e
      join public.analysis_sessions s on s.id = e.session_id
      left join public.analysis_results r on r.submission_id = e.id
     where e.id = ${submissionId} and e.user_id = ${userId}`;
  const row = rows[0];
  if (!row) throw new HttpError(404, M.reportNotFound);
  // While a completed answer is graded again (status pending/analyzing with its result kept), the
  // previous result stays readable, marked `regrading`.
  const regrading = row.status === "pending" || row.status === "analyzing";
  if ((row.status !== "completed" && !regrading) || row.result_id === null || row.overall_score === null) {
    throw new HttpError(409, M.notCompleted);
  }
  const edits = await sql<EditRow[]>`
    select x.id, x.at, x.field, x.before, x.after, coalesce(p.display_name, p.username) as by
      from public.result_edits x
      left join public.profiles p on p.id = x.user_id
     where x.result_id = ${row.result_id}
     order by x.at, x.id
     limit 500`;
  const base = toReport(row as unknown as ReportRow);
  return { ...reviewedReport(base, row as unknown as ReviewRow, edits), regrading, resultId: row.result_id as string };
}

/**
 * The result row of the caller's completed submission, locked for a review write (privileged SQL):
 * 404 when not theirs, 403 for a sample, 409 before it is graded.
 */
export async function lockResultForReview(sql: postgres.TransactionSql, submissionId: string, userId: string) {
  const rows = await sql`
    select r.id as result_id, e.status, r.overall_score, r.max_score, r.category_scores, r.strengths,
           r.improvement_areas, r.detailed_feedback, r.suggestions, r.annotations, r.review, r.reviewed_at,
           e.essay_content, s.criteria_content, s.rubric, (e.is_sample or s.is_sample) as in_sample
      from public.essay_submissions e
      join public.analysis_sessions s on s.id = e.session_id
      left join public.analysis_results r on r.submission_id = e.id
     where e.id = ${submissionId} and e.user_id = ${userId}
       for update of e`;
  const row = rows[0];
  if (!row) throw new HttpError(404, M.reportNotFound);
  // A sample's report is a read-only demonstration: no review, no student link.
  if (row.in_sample) throw new HttpError(403, API_MESSAGES.sampleReadOnly);
  if (row.status !== "completed" || row.result_id === null) throw new HttpError(409, M.notCompleted);
  await sql`select 1 from public.analysis_results where id = ${row.result_id} for update`;
  return row as unknown as ReviewRow & {
    result_id: string;
    essay_content: string | null;
    criteria_content: string | null;
    rubric: unknown;
  };
}
