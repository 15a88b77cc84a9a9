// Submission reads and locks.
import type postgres from "postgres";
import type { TransactionSql } from "postgres";
import { HttpError } from "../lib/errors.ts";
import { idParams } from "../lib/params.ts";
import { SUBMISSION_MESSAGES } from "./messages.ts";
import { NOT_STAGED, SHOWN_SCORES } from "../lib/workspace/submissions.ts";
import type { SubmissionRow } from "./mappers.ts";

type Sql = postgres.Sql | postgres.TransactionSql;

export { NOT_STAGED, SHOWN_SCORES };

/** A submission id path parameter; a malformed one answers the same 404 as a missing answer. */
export const submissionParams = idParams(SUBMISSION_MESSAGES.notFound);

export const SUBMISSION_COLUMNS = (sql: Sql) =>
  sql`e.id, e.session_id, e.user_id, e.student_name, e.student_id, e.essay_content, e.essay_file_path,
      e.essay_filename, e.essay_mime_type, e.status, e.progress, e.progress_message, e.submitted_at,
      e.analysis_started_at, e.analysis_completed_at, ${SHOWN_SCORES(sql)}, r.grader, r.flags,
      r.needs_review_reason, r.rubric as result_rubric,
      (r.id is not null and e.status in ('pending', 'analyzing')) as regrading, e.roster_student_id,
      (select st.name from public.students st where st.id = e.roster_student_id) as roster_student_name`;

export async function selectSubmission(sql: Sql, id: string): Promise<SubmissionRow> {
  const [row] = await sql<SubmissionRow[]>`
    select ${SUBMISSION_COLUMNS(sql)}
      from public.essay_submissions e
      left join public.analysis_results r on r.submission_id = e.id
     where e.id = ${id}`;
  return row;
}

export interface OwnedSubmission {
  id: string;
  session_id: string;
  status: string;
  usage_charged: boolean;
  essay_file_path: string | null;
  /** A bundled sample answer or an answer of a sample session (read-only but for deletion). */
  in_sample: boolean;
}

/**
 * Locks the caller's submission for the rest of the transaction, or 404 (a missing id and another
 * user's answer look the same; a malformed id never gets here, see `submissionParams`).
 */
export async function lockOwnedSubmission(sql: TransactionSql, id: string, userId: string): Promise<OwnedSubmission> {
  const [row] = await sql<OwnedSubmission[]>`
    select e.id, e.session_id, e.status, e.usage_charged, e.essay_file_path,
           (e.is_sample or coalesce(s.is_sample, false)) as in_sample
      from public.essay_submissions e
      left join public.analysis_sessions s on s.id = e.session_id
     where e.id = ${id} and e.user_id = ${userId}
     for update of e`;
  if (!row) throw new HttpError(404, SUBMISSION_MESSAGES.notFound);
  return row;
}
