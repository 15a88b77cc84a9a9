// Classes (반): list, create, read (roster and assignments), change, delete; a class's students:
// add one, import a roster, remove one from the class. Everything runs as the caller (RLS).
import type { TransactionSql } from "postgres";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { HttpError } from "../lib/errors.ts";
import { uuidParam } from "../lib/params.ts";
import { z } from "zod";
import type { ClassDetail } from "../../_shared/types.ts";
import { CLASS_MESSAGES, classInputSchema, classPatchSchema, studentInputSchema } from "../../_shared/classes.ts";
import {
  accessibleClass,
  classNotFound,
  classParams,
  rosterConflict,
  selectAssignments,
  selectClasses,
  selectRoster,
  studentsOfSpace,
} from "./queries.ts";
import { activeOrg } from "../lib/orgs/active.ts";
import { teacherRoutes } from "./teachers.ts";
import { importRoster } from "./roster-import.ts";

type UserCtx = Ctx<Record<string, string>, AuthUser>;
type ClassCtx = Ctx<{ id: string }, AuthUser>;
type EnrolmentCtx = Ctx<{ id: string; studentId: string }, AuthUser>;

async function classDetail(sql: TransactionSql, id: string): Promise<ClassDetail> {
  const [summary] = await selectClasses(sql, id);
  if (!summary) throw classNotFound();
  return { ...summary, students: await selectRoster(sql, id), assignments: await selectAssignments(sql, id) };
}

/** The active space's classes: personal, or the organisation's the caller can access. */
async function listClasses(ctx: UserCtx): Promise<Response> {
  const org = await activeOrg(ctx);
  return json(await ctx.asCaller((sql) => selectClasses(sql, undefined, { orgId: org?.id ?? null })));
}

async function createClass(ctx: UserCtx): Promise<Response> {
  const body = await ctx.json(classInputSchema);
  // Made in the active space (an organisation's class: the policy requires membership).
  const org = await activeOrg(ctx);
  const created = await ctx.asCaller(async (sql) => {
    // No `returning`: the policy reads a row through private.can_access_class, which cannot see
    // a row its own statement inserts; the id is made here and the row read afterwards.
    const id = crypto.randomUUID();
    await sql`
      insert into public.classes (id, name, grade, subject, term, org_id)
      values (${id}, ${body.name}, ${body.grade}, ${body.subject}, ${body.term}, ${org?.id ?? null})`;
    return await classDetail(sql, id);
  });
  return json({ ...created, message: CLASS_MESSAGES.classCreated }, 201);
}

async function getClass(ctx: ClassCtx): Promise<Response> {
  return json(await ctx.asCaller((sql) => classDetail(sql, ctx.params.id)));
}

async function patchClass(ctx: ClassCtx): Promise<Response> {
  const body = await ctx.json(classPatchSchema);
  const set = (k: keyof typeof body) => body[k] !== undefined;
  return json(
    await ctx.asCaller(async (sql) => {
      const rows = await sql`
        update public.classes set
          name = case when ${set("name")} then ${body.name ?? ""} else name end,
          grade = case when ${set("grade")} then ${body.grade ?? null} else grade end,
          subject = case when ${set("subject")} then ${body.subject ?? null} else subject end,
          term = case when ${set("term")} then ${body.term ?? null} else term end
         where id = ${ctx.params.id}
        returning id`;
      if (!rows[0]) throw classNotFound();
      return await classDetail(sql, ctx.params.id);
    }),
  );
}

/** Deletes the class and its enrolments; its students and assignments stay (class_id set null). */
async function deleteClass(ctx: ClassCtx): Promise<Response> {
  const rows = await ctx.asCaller((sql) => sql`delete from public.classes where id = ${ctx.params.id} returning id`);
  if (!rows[0]) throw classNotFound();
  return json({ success: true, message: CLASS_MESSAGES.classDeleted });
}

/**
 * Enrols one student: the teacher's student with this 수험번호 when there is one (a different name
 * for it is 409, nothing changed), else a new student. Already enrolled: the seat number is updated
 * when given. A seat number another student of the class has is 409.
 */
async function addStudent(ctx: ClassCtx): Promise<Response> {
  const body = await ctx.json(studentInputSchema);
  const student = await ctx.asCaller(async (sql) => {
    const cls = await accessibleClass(sql, ctx.params.id, true);
    const [existing] = await studentsOfSpace(sql, cls, [body.examNumber]);
    if (existing && existing.name !== body.name) throw new HttpError(409, CLASS_MESSAGES.examNumberTaken(body.examNumber, existing.name));
    try {
      const studentId = existing?.id ?? crypto.randomUUID();
      // No `returning` (see createClass).
      if (!existing) {
        await sql`
          insert into public.students (id, exam_number, name, org_id)
          values (${studentId}, ${body.examNumber}, ${body.name}, ${cls.org_id})`;
      }
      await sql`
        insert into public.class_students (class_id, student_id, seat_number)
        values (${ctx.params.id}, ${studentId}, ${body.seatNumber})
        on conflict (class_id, student_id) do update
          set seat_number = coalesce(excluded.seat_number, public.class_students.seat_number)`;
      return (await selectRoster(sql, ctx.params.id, [studentId]))[0];
    } catch (err) {
      rosterConflict(err, body.seatNumber, CLASS_MESSAGES.examNumberTaken(body.examNumber, body.name));
    }
  });
  return json({ ...student, message: CLASS_MESSAGES.studentAdded }, 201);
}

async function importStudents(ctx: ClassCtx): Promise<Response> {
  const form = await ctx.form();
  const file = form.get("file");
  if (!(file instanceof File) || (file.size === 0 && !file.name)) throw new HttpError(400, CLASS_MESSAGES.importFileMissing);
  return json(await importRoster(ctx, ctx.params.id, file));
}

/** Removes the student from this class only (the student, other enrolments and answers stay). */
async function removeFromClass(ctx: EnrolmentCtx): Promise<Response> {
  const rows = await ctx.asCaller(async (sql) => {
    await accessibleClass(sql, ctx.params.id);
    return await sql`
      delete from public.class_students where class_id = ${ctx.params.id} and student_id = ${ctx.params.studentId}
      returning student_id`;
  });
  if (!rows[0]) throw new HttpError(404, CLASS_MESSAGES.notEnrolled);
  return json({ success: true, message: CLASS_MESSAGES.studentRemoved });
}

const params = classParams;
const enrolmentParams = z.object({
  id: uuidParam(CLASS_MESSAGES.classNotFound),
  studentId: uuidParam(CLASS_MESSAGES.studentNotFound),
});

export const routes: Route[] = [
  defineRoute({ method: "GET", path: "/classes", auth: "user", handler: listClasses }),
  defineRoute({ method: "POST", path: "/classes", auth: "user", handler: createClass }),
  defineRoute({ method: "GET", path: "/classes/:id", auth: "user", params, handler: getClass }),
  defineRoute({ method: "PATCH", path: "/classes/:id", auth: "user", params, handler: patchClass }),
  defineRoute({ method: "DELETE", path: "/classes/:id", auth: "user", params, handler: deleteClass }),
  defineRoute({ method: "POST", path: "/classes/:id/students", auth: "user", params, handler: addStudent }),
  defineRoute({ method: "POST", path: "/classes/:id/students/import", auth: "user", params, handler: importStudents }),
  defineRoute({
    method: "DELETE",
    path: "/classes/:id/students/:studentId",
    auth: "user",
    params: enrolmentParams,
    handler: removeFromClass,
  }),
  ...teacherRoutes,
];
