// A class's results across its assignments, read as the caller (RLS decides): the roster × the
// class's assignments, each cell the student's latest graded answer there, the class averages per
// assignment (total and per category, as percents of each result's own maximum) and who has not
// handed in. The matrix route and the class .xlsx are made of it.
import type { TransactionSql } from "postgres";
import { HttpError } from "../lib/errors.ts";
import { iso } from "../lib/http.ts";
import { latestGradedResults, type StudentResult } from "../lib/growth/results.ts";
import { NOT_STAGED } from "../lib/workspace/submissions.ts";
import { compareStudents } from "../../_shared/student-order.ts";
import {
  assignmentTitle,
  averagePercent,
  categoryAverages,
  categoryNamesOf,
  type ClassMatrix,
  type MatrixCell,
} from "../../_shared/growth.ts";
import { CLASS_GROWTH_MESSAGES as M } from "./growth-messages.ts";

const cellOf = (r: StudentResult): MatrixCell => ({
  submissionId: r.submissionId,
  score: r.total,
  max: r.max,
  percent: r.percent,
  reviewed: r.reviewed,
  categories: r.categories,
});

/** The class matrix of the caller's class `classId`; 404 when it is not theirs (or not there). */
export async function loadClassMatrix(sql: TransactionSql, uid: string, classId: string): Promise<ClassMatrix> {
  const [klass] = await sql<{ id: string; name: string }[]>`select id, name from public.classes where id = ${classId}`;
  if (!klass) throw new HttpError(404, M.classNotFound);
  const roster = await sql<{ id: string; exam_number: string; name: string; seat_number: number | null }[]>`
    select s.id, s.exam_number, s.name, cs.seat_number
      from public.class_students cs
      join public.students s on s.id = cs.student_id
     where cs.class_id = ${klass.id}`;
  roster.sort(
    (a, b) =>
      (a.seat_number ?? Infinity) - (b.seat_number ?? Infinity) ||
      compareStudents({ studentId: a.exam_number, studentName: a.name }, { studentId: b.exam_number, studentName: b.name }),
  );
  const sessions = await sql<{ id: string; title: string | null; prompt_filename: string | null; created_at: Date }[]>`
    select id, title, prompt_filename, created_at
      from public.analysis_sessions
     where class_id = ${klass.id} and user_id = ${uid} and not is_sample
     order by created_at, id`;
  const ids = roster.map((s) => s.id);
  const handedIn = await sql<{ session_id: string; student_id: string }[]>`
    select distinct e.session_id, e.roster_student_id as student_id
      from public.essay_submissions e
     where e.session_id = any(${sessions.map((s) => s.id)}::uuid[])
       and e.roster_student_id = any(${ids}::uuid[])
       and ${NOT_STAGED(sql)}`;
  const submitted = new Set(handedIn.map((h) => `${h.session_id}/${h.student_id}`));
  const graded = await latestGradedResults(sql, uid, ids, klass.id);
  const byCell = new Map(graded.map((r) => [`${r.sessionId}/${r.studentId}`, r]));

  const students = roster.map((s) => ({
    id: s.id,
    examNumber: s.exam_number,
    name: s.name,
    seatNumber: s.seat_number,
    cells: sessions.map((a) => {
      const r = byCell.get(`${a.id}/${s.id}`);
      return r ? cellOf(r) : null;
    }),
  }));
  const assignments = sessions.map((a, i) => {
    const cells = students.flatMap((s) => (s.cells[i] ? [s.cells[i]] : []));
    return {
      sessionId: a.id,
      title: assignmentTitle(a.title, a.prompt_filename),
      date: iso(a.created_at)!,
      averagePercent: averagePercent(cells.map((c) => c.percent)),
      categoryAverages: categoryAverages(cells),
      notSubmitted: roster
        .filter((s) => !submitted.has(`${a.id}/${s.id}`))
        .map((s) => ({ id: s.id, name: s.name, examNumber: s.exam_number })),
    };
  });
  return { class: klass, assignments, students, categoryNames: categoryNamesOf(graded) };
}
