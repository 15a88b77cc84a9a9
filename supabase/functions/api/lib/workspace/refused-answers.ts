// Answers the server refused at upload (public.refused_answers): kept in the session, with the
// student and the Korean reason, until the teacher dismisses them, so a refused student never
// vanishes from the class without a record.
import type { TransactionSql } from "postgres";

export interface RefusedAnswer {
  studentName: string | null;
  studentId: string | null;
  filename: string | null;
  reason: string;
}

/** Records `list` for the caller's session (inside the upload's transaction). */
export async function recordRefusedAnswers(sql: TransactionSql, sessionId: string, uid: string, list: RefusedAnswer[]): Promise<void> {
  for (const r of list) {
    await sql`
      insert into public.refused_answers (session_id, user_id, student_name, student_id, filename, reason)
      values (${sessionId}, ${uid}, ${r.studentName}, ${r.studentId}, ${r.filename?.slice(0, 255) || null}, ${r.reason.slice(0, 500)})`;
  }
}
