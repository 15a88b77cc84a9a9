// Students of a teacher: change one (name, 수험번호, notes, a seat number in one class) and delete
// one, keeping their answers anonymised or deleting them with their stored originals.
import { z } from "zod";
import { adminSql } from "../lib/db.ts";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { HttpError } from "../lib/errors.ts";
import { idParams } from "../lib/params.ts";
import { deleteAnswerRows, removeAnswerFiles } from "../lib/workspace/delete-answers.ts";
import type { RosterStudent } from "../../_shared/types.ts";
import { CLASS_MESSAGES, studentPatchSchema } from "../../_shared/classes.ts";

type StudentCtx = Ctx<{ id: string }, AuthUser>;

const params = idParams(CLASS_MESSAGES.studentNotFound);
const notFound = () => new HttpError(404, CLASS_MESSAGES.studentNotFound);

interface StudentRow {
  id: string;
  exam_number: string;
  name: string;
  notes: string;
}

async function patchStudent(ctx: StudentCtx): Promise<Response> {
  const body = await ctx.json(studentPatchSchema);
  const set = (k: "examNumber" | "name" | "notes") => body[k] !== undefined;
  const student = await ctx.asCaller(async (sql) => {
    try {
      const [row] = await sql<StudentRow[]>`
        update public.students set
          exam_number = case when ${set("examNumber")} then ${body.examNumber ?? ""} else exam_number end,
          name = case when ${set("name")} then ${body.name ?? ""} else name end,
          notes = case when ${set("notes")} then ${body.notes ?? ""} else notes end
         where id = ${ctx.params.id}
        returning id, exam_number, name, notes`;
      if (!row) throw notFound();
      let seatNumber: number | null = null;
      if (body.classId !== undefined) {
        const [enrolment] = await sql<{ seat_number: number | null }[]>`
          update public.class_students set seat_number = ${body.seatNumber ?? null}
           where class_id = ${body.classId} and student_id = ${row.id}
          returning seat_number`;
        if (!enrolment) throw new HttpError(404, CLASS_MESSAGES.notEnrolled);
        seatNumber = enrolment.seat_number;
      }
      return { id: row.id, examNumber: row.exam_number, name: row.name, notes: row.notes, seatNumber } satisfies RosterStudent;
    } catch (err) {
      const e = err as { code?: string; constraint_name?: string };
      if (e?.code === "23505" && e.constraint_name === "class_students_seat_unique") {
        throw new HttpError(409, CLASS_MESSAGES.seatTaken(body.seatNumber ?? 0));
      }
      if (e?.code === "23505") throw new HttpError(409, CLASS_MESSAGES.examNumberInUse(body.examNumber ?? ""));
      throw err;
    }
  });
  return json(student);
}

const answersChoice = z.enum(["keep", "delete"], { error: CLASS_MESSAGES.answersChoice });

/**
 * Deletes the caller's student (enrolments cascade): their personal one, or an organisation's they
 * added or, as its owner or a manager, any of it (as the students delete policy). `answers=keep`:
 * their answers stay, anonymised (the name and 수험번호 written on them, the file name that may carry
 * them, and the link cleared); `answers=delete`: their answers are deleted as DELETE /submissions/:id
 * does (unclaimed uses given back, results cascade, stored originals removed) — an organisation's
 * student's answers in any colleague's assignment alike.
 */
async function deleteStudent(ctx: StudentCtx): Promise<Response> {
  const choice = answersChoice.safeParse(ctx.url.searchParams.get("answers"));
  if (!choice.success) throw new HttpError(400, CLASS_MESSAGES.answersChoice);
  const uid = ctx.user.id;
  const deleted = await adminSql.begin(async (sql) => {
    const [student] = await sql<{ id: string }[]>`
      select s.id from public.students s
       where s.id = ${ctx.params.id}
         and (s.user_id = ${uid}
              or exists (select 1 from public.org_members m
                          where m.org_id = s.org_id and m.user_id = ${uid} and m.role in ('owner', 'manager')))
       for update`;
    if (!student) throw notFound();
    // A personal student's answers are all the caller's; an organisation's may be in colleagues' assignments.
    const answers = await sql<{ id: string; user_id: string }[]>`
      select id, user_id from public.essay_submissions where roster_student_id = ${student.id} order by id for update`;
    const removed: { owner: string; rows: Awaited<ReturnType<typeof deleteAnswerRows>> }[] = [];
    if (choice.data === "delete") {
      for (const owner of new Set(answers.map((a) => a.user_id))) {
        const ids = answers.filter((a) => a.user_id === owner).map((a) => a.id);
        removed.push({ owner, rows: await deleteAnswerRows(sql, owner, ids) });
      }
    } else {
      await sql`
        update public.essay_submissions
           set student_name = null, student_id = null, essay_filename = null, roster_student_id = null
         where id = any(${answers.map((a) => a.id)}::uuid[])`;
    }
    await sql`delete from public.students where id = ${student.id}`;
    return removed;
  });
  for (const { owner, rows } of deleted) await removeAnswerFiles(owner, rows);
  const count = deleted.reduce((n, d) => n + d.rows.length, 0);
  const message = choice.data === "delete" ? CLASS_MESSAGES.studentDeletedWithAnswers(count) : CLASS_MESSAGES.studentDeletedKeep;
  return json({ success: true, deletedAnswers: count, message });
}

export const routes: Route[] = [
  defineRoute({ method: "PATCH", path: "/students/:id", auth: "user", params, handler: patchStudent }),
  defineRoute({ method: "DELETE", path: "/students/:id", auth: "user", params, handler: deleteStudent }),
];
