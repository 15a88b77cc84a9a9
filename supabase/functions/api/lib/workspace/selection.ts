// A teacher's selection of answers in one session (whole-class actions: 검토 완료, 학생 링크, 삭제),
// locked for the rest of the transaction. Used by reports/ and submissions/.
import type { TransactionSql } from "postgres";
import { HttpError } from "../errors.ts";
import { BULK_MESSAGES } from "../../../_shared/bulk.ts";
import { NOT_STAGED } from "./submissions.ts";

/** One selected answer (`essay_submissions` with its result's id and review mark). */
export interface SelectedAnswer {
  id: string;
  status: string;
  usage_charged: boolean;
  essay_file_path: string | null;
  student_name: string | null;
  student_id: string | null;
  result_id: string | null;
  reviewed_at: Date | null;
}

/**
 * Locks the answers `ids` of session `sessionId` of user `uid` (every one must be theirs and in that
 * session, else 404 with nothing changed: another member's answer, another session's and a deleted
 * one look the same), or with `ids` undefined every listed answer of the session (staged batch items
 * excluded). In the order of `ids`, duplicates once.
 */
export async function lockSelectedAnswers(
  sql: TransactionSql,
  sessionId: string,
  uid: string,
  ids: string[] | undefined,
): Promise<SelectedAnswer[]> {
  const wanted = ids ? [...new Set(ids.map((id) => id.toLowerCase()))] : undefined;
  const rows = await sql<SelectedAnswer[]>`
    select e.id, e.status, e.usage_charged, e.essay_file_path, e.student_name, e.student_id,
           r.id as result_id, r.reviewed_at
      from public.essay_submissions e
      left join public.analysis_results r on r.submission_id = e.id
     where e.session_id = ${sessionId} and e.user_id = ${uid}
       and ${wanted ? sql`e.id = any(${wanted}::uuid[])` : NOT_STAGED(sql)}
     order by e.submitted_at, e.id
       for update of e`;
  if (!wanted) return rows;
  if (rows.length !== wanted.length) throw new HttpError(404, BULK_MESSAGES.notInSession);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.map((id) => byId.get(id)!);
}

/** A graded answer (its result stored, not being graded again): 검토 완료 and links apply to it. */
export const isGraded = (a: SelectedAnswer): boolean => a.status === "completed" && a.result_id !== null;
