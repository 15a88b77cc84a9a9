// Deleting answers (DELETE /submissions/:id, the selected answers of a session, and a student deleted with their answers).
import type { TransactionSql } from "postgres";
import { removeObjects } from "../storage.ts";

export interface DeletedAnswer {
  id: string;
  session_id: string;
  essay_file_path: string | null;
  /** Whether its use was given back (no worker had claimed it). */
  use_returned: boolean;
}

/**
 * Deletes the answers `ids` (their results cascade) in the caller's transaction, after giving back
 * the use of each one no worker has claimed yet (once grading has started the model has been
 * called, so the use stays charged; a worker still grading one finds no row and writes nothing).
 * The rows must be locked or owned by `uid`; returns what was deleted, for `removeAnswerFiles`.
 */
export async function deleteAnswerRows(sql: TransactionSql, uid: string, ids: string[]): Promise<DeletedAnswer[]> {
  if (ids.length === 0) return [];
  const released = await sql<{ id: string; returned: boolean }[]>`
    select e.id, private.release_unclaimed_usage(e.id) as returned from public.essay_submissions e
     where e.id = any(${ids}::uuid[]) and e.user_id = ${uid}`;
  const returned = new Set(released.filter((r) => r.returned).map((r) => r.id));
  const rows = await sql<Omit<DeletedAnswer, "use_returned">[]>`
    delete from public.essay_submissions e
     where e.id = any(${ids}::uuid[]) and e.user_id = ${uid}
    returning e.id, e.session_id, e.essay_file_path`;
  return rows.map((r) => ({ ...r, use_returned: returned.has(r.id) }));
}

/** Removes the stored originals of deleted answers (after their transaction committed). */
export async function removeAnswerFiles(uid: string, rows: DeletedAnswer[]): Promise<void> {
  const bySession = new Map<string, (string | null)[]>();
  for (const r of rows) bySession.set(r.session_id, [...(bySession.get(r.session_id) ?? []), r.essay_file_path]);
  for (const [sessionId, paths] of bySession) {
    await removeObjects(paths, { ownerId: uid, sessionId, roles: ["essay"] });
  }
}
