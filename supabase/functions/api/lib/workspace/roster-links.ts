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

/**
 * 404 (the class messages' not-found) unless `classId` is a class of the assignment's space that
 * `uid` may use: their own personal class (`orgId` null), or a class of organisation `orgId` they
 * can access (as private.can_access_class: owner or manager, its maker, or a teacher assigned to it).
 */
export async function assertOwnClass(sql: Sql, classId: string, uid: string, orgId: string | null): Promise<void> {
  const [row] = await sql`
    select 1 from public.classes c
     where c.id = ${classId} and c.org_id is not distinct from ${orgId}::uuid
       and ((c.org_id is null and c.user_id = ${uid})
            or exists (
              select 1 from public.org_members m
               where m.org_id = c.org_id and m.user_id = ${uid}
                 and (m.role in ('owner', 'manager') or c.user_id = m.user_id
                      or exists (select 1 from public.class_teachers t where t.class_id = c.id and t.user_id = m.user_id))))`;
  if (!row) throw new HttpError(404, CLASS_MESSAGES.classNotFound);
}
