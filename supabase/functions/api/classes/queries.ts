// Classes, rosters and a class's assignments, read as the caller (RLS: private.can_access_class).
import type { TransactionSql } from "postgres";
import type { ClassAssignment, ClassSummary, RosterStudent } from "../../_shared/types.ts";
import { CLASS_MESSAGES } from "../../_shared/classes.ts";
import { HttpError } from "../lib/errors.ts";
import { iso } from "../lib/http.ts";
import { idParams } from "../lib/params.ts";
import { NOT_STAGED } from "../lib/workspace/submissions.ts";

export const classParams = idParams(CLASS_MESSAGES.classNotFound);

export const classNotFound = () => new HttpError(404, CLASS_MESSAGES.classNotFound);

interface ClassRow {
  id: string;
  name: string;
  grade: string | null;
  subject: string | null;
  term: string | null;
  created_at: Date | string;
  student_count: number;
  session_count: number;
}

export function classJson(r: ClassRow): ClassSummary {
  return {
    id: r.id,
    name: r.name,
    grade: r.grade,
    subject: r.subject,
    term: r.term,
    createdAt: iso(r.created_at)!,
    studentCount: Number(r.student_count ?? 0),
    sessionCount: Number(r.session_count ?? 0),
  };
}

/**
 * The caller's classes, newest first, with their counts: the one `id` (any the caller can access),
 * or those of a space — `orgId` null: their personal classes; else the organisation's they can access.
 */
export async function selectClasses(sql: TransactionSql, id?: string, space?: { orgId: string | null }): Promise<ClassSummary[]> {
  const rows = await sql<ClassRow[]>`
    select c.id, c.name, c.grade, c.subject, c.term, c.created_at,
           (select count(*) from public.class_students cs where cs.class_id = c.id)::int as student_count,
           (select count(*) from public.analysis_sessions s where s.class_id = c.id)::int as session_count
      from public.classes c
     where (${id ?? null}::uuid is null or c.id = ${id ?? null}::uuid)
       and (${space === undefined} or c.org_id is not distinct from ${space?.orgId ?? null}::uuid)
     order by c.created_at desc, c.id`;
  return rows.map(classJson);
}

/** A class the caller can access (its organisation, if any: `org_id`). */
export interface AccessibleClass {
  id: string;
  user_id: string;
  org_id: string | null;
}

/** The class or 404 (missing, malformed and another teacher's look the same), locked when `lock`. */
export async function accessibleClass(sql: TransactionSql, id: string, lock = false): Promise<AccessibleClass> {
  const [row] = lock
    ? await sql<AccessibleClass[]>`select id, user_id, org_id from public.classes where id = ${id} for update`
    : await sql<AccessibleClass[]>`select id, user_id, org_id from public.classes where id = ${id}`;
  if (!row) throw classNotFound();
  return row;
}

/**
 * The students of the class's space with these 수험번호 that the caller can see: the personal
 * roster of a personal class, the organisation's for an organisation's class (a 수험번호 is unique per space).
 */
export async function studentsOfSpace(sql: TransactionSql, cls: AccessibleClass, exams: string[]) {
  return await sql<{ id: string; exam_number: string; name: string }[]>`
    select id, exam_number, name from public.students
     where exam_number = any(${exams}::text[]) and org_id is not distinct from ${cls.org_id}::uuid`;
}

interface RosterRow {
  id: string;
  exam_number: string;
  name: string;
  seat_number: number | null;
  notes: string;
}

export const rosterJson = (r: RosterRow): RosterStudent => ({
  id: r.id,
  examNumber: r.exam_number,
  name: r.name,
  seatNumber: r.seat_number,
  notes: r.notes,
});

/** The class's students by seat number (none last), then 수험번호 (numbers in numeric order). */
export async function selectRoster(sql: TransactionSql, classId: string, studentIds?: string[]): Promise<RosterStudent[]> {
  const rows = await sql<RosterRow[]>`
    select st.id, st.exam_number, st.name, cs.seat_number, st.notes
      from public.class_students cs
      join public.students st on st.id = cs.student_id
     where cs.class_id = ${classId}
       and (${studentIds ?? null}::uuid[] is null or st.id = any(${studentIds ?? null}::uuid[]))
     order by cs.seat_number nulls last, char_length(st.exam_number), st.exam_number, st.id`;
  return rows.map(rosterJson);
}

/** The class's assignments, newest first, with their answers' progress (staged answers not counted). */
export async function selectAssignments(sql: TransactionSql, classId: string): Promise<ClassAssignment[]> {
  const rows = await sql<
    { id: string; title: string; created_at: Date; submission_count: number; graded_count: number; reviewed_count: number }[]
  >`
    select s.id, coalesce(s.title, s.prompt_filename, ${CLASS_MESSAGES.untitledAssignment}) as title, s.created_at,
           count(e.id) filter (where ${NOT_STAGED(sql)})::int as submission_count,
           count(e.id) filter (where e.status = 'completed')::int as graded_count,
           count(e.id) filter (where r.reviewed_at is not null)::int as reviewed_count
      from public.analysis_sessions s
      left join public.essay_submissions e on e.session_id = s.id
      left join public.analysis_results r on r.submission_id = e.id
     where s.class_id = ${classId}
     group by s.id
     order by s.created_at desc, s.id`;
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    createdAt: iso(r.created_at)!,
    submissionCount: Number(r.submission_count),
    gradedCount: Number(r.graded_count),
    reviewedCount: Number(r.reviewed_count),
  }));
}

/** Postgres unique violations of the roster tables → 409 in Korean; anything else is rethrown. */
export function rosterConflict(err: unknown, seat: number | null, fallback: string): never {
  const e = err as { code?: string; constraint_name?: string };
  if (e?.code === "23505" && e.constraint_name === "class_students_seat_unique" && seat) {
    throw new HttpError(409, CLASS_MESSAGES.seatTaken(seat));
  }
  if (e?.code === "23505") throw new HttpError(409, fallback);
  throw err;
}
