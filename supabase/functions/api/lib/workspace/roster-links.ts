// Linking answers to the students of their session's class (used by submissions/ and sessions/).
import type postgres from "postgres";
import { HttpError } from "../errors.ts";
import { CLASS_MESSAGES } from "../../../_shared/classes.ts";

type Sql = postgres.Sql | postgres.TransactionSql;

/**
 * Links the unlinked answers of a session that has a class to the students enrolled in that
 * class: by the answer's 수험번호 (student_id = exam_number, unique per teacher), else by its exact
 * name when exactly one enrolled student has it. No match or two students of that name → the
 * answer stays unlinked for the teacher to choose; links already made (or chosen) are kept, and
 * no student is ever created. `ids` limits it to those answers. Returns how many were linked.
 */
export async function linkAnswersToRoster(sql: Sql, sessionId: string, ids?: string[]): Promise<number> {
  const rows = await sql`
    with candidates as (
      select e.id,
             (select st.id from public.class_students cs
                join public.students st on st.id = cs.student_id
               where cs.class_id = s.class_id and st.exam_number = e.student_id) as by_number,
             (select case when count(*) = 1 then min(st.id::text)::uuid end from public.class_students cs
                join public.students st on st.id = cs.student_id
               where cs.class_id = s.class_id and st.name = e.student_name) as by_name
        from public.essay_submissions e
        join public.analysis_sessions s on s.id = e.session_id
       where e.session_id = ${sessionId} and s.class_id is not null and e.roster_student_id is null
         and (${ids ?? null}::uuid[] is null or e.id = any(${ids ?? null}::uuid[]))
    )
    update public.essay_submissions e
       set roster_student_id = coalesce(c.by_number, c.by_name)
      from candidates c
     where e.id = c.id and coalesce(c.by_number, c.by_name) is not null
    returning e.id`;
  return rows.length;
}

/** 404 (the class messages' not-found) unless `classId` is a class of `uid`'s. */
export async function assertOwnClass(sql: Sql, classId: string, uid: string): Promise<void> {
  const [row] = await sql`select 1 from public.classes where id = ${classId} and user_id = ${uid}`;
  if (!row) throw new HttpError(404, CLASS_MESSAGES.classNotFound);
}
