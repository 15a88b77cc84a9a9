// Deleting answers (DELETE /submissions/:id, and a student deleted with their answers).
import type { TransactionSql } from "postgres";
import { removeObjects } from "../storage.ts";

export interface DeletedAnswer {
  id: string;
  session_id: string;
  essay_file_path: string | null;
}

/**
 * Deletes the answers `ids` (their results cascade) in the caller's transaction, after giving back
 * the use of each one no worker has claimed yet (once grading has started the model has been
 * called, so the use stays charged; a worker still grading one finds no row and writes nothing).
 * The rows must be locked or owned by `uid`; returns what was deleted, for `removeAnswerFiles`.
 */
export async function deleteAnswerRows(sql: TransactionSql, uid: string, ids: string[]): Promise<DeletedAnswer[]> {
  if (ids.length === 0) return [];
  await sql`
    select private.release_unclaimed_usage(e.id) from public.essay_submissions e
     where e.id = any(${ids}::uuid[]) and e.user_id = ${uid}`;
  return await sql<DeletedAnswer[]>`
    delete from public.essay_submissions e
     where e.id = any(${ids}::uuid[]) and e.user_id = ${uid}
    returning e.id, e.session_id, e.essay_file_path`;
}

/** Removes the stored originals of deleted answers (after their transaction committed). */
export async function removeAnswerFiles(uid: string, rows: DeletedAnswer[]): Promise<void> {
  const bySession = new Map<string, (string | null)[]>();
  for (const r of rows) bySession.set(r.session_id, [...(bySession.get(r.session_id) ?? []), r.essay_file_path]);
  for (const [sessionId, paths] of bySession) {
    await removeObjects(paths, { ownerId: uid, sessionId, roles: ["essay"] });
  }
}
