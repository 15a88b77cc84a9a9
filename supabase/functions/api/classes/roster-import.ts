// POST /classes/:id/students/import: a roster file enrolled all or nothing, in one transaction.
import type { AuthUser, Ctx } from "../lib/types.ts";
import type { RosterImportResult, RosterImportRowError } from "../../_shared/types.ts";
import { CLASS_MESSAGES } from "../../_shared/classes.ts";
import { readRosterFile } from "./roster-file.ts";
import { parseRoster, rosterRejected } from "./roster-rows.ts";
import { accessibleClass, rosterConflict, selectRoster, studentsOfSpace } from "./queries.ts";

/**
 * Reads the file, checks every row (roster-rows.ts), then, as the caller with the class locked:
 * a 수험번호 the teacher already has under another name, or a seat number another student of the
 * class holds, is a row error too. Any row error → 422 `{ message, rows }` and nothing changes.
 * Otherwise new 수험번호 become students of the class's space (personal, or its organisation's),
 * existing ones of that space are reused, and all are enrolled (an
 * enrolled student's seat number is updated when the file gives one).
 */
export async function importRoster(ctx: Ctx<{ id: string }, AuthUser>, classId: string, file: File): Promise<RosterImportResult> {
  const rows = parseRoster(await readRosterFile(file));
  return await ctx.asCaller(async (sql) => {
    const cls = await accessibleClass(sql, classId, true);
    const existing = await studentsOfSpace(
      sql,
      cls,
      rows.map((r) => r.examNumber),
    );
    const byExam = new Map(existing.map((s) => [s.exam_number, s]));
    const seats = await sql<{ seat_number: number; student_id: string }[]>`
      select seat_number, student_id from public.class_students where class_id = ${classId} and seat_number is not null`;
    const seatHolder = new Map(seats.map((s) => [s.seat_number, s.student_id]));
    const fileExams = new Map(rows.map((r) => [r.examNumber, r]));

    const errors: RosterImportRowError[] = [];
    for (const r of rows) {
      const known = byExam.get(r.examNumber);
      if (known && known.name !== r.name) errors.push({ row: r.row, reason: CLASS_MESSAGES.examNumberTaken(r.examNumber, known.name) });
      const holder = r.seatNumber ? seatHolder.get(r.seatNumber) : undefined;
      // The seat is free when its holder is this student, or a student of the file moving elsewhere.
      const holderExam = holder ? existing.find((s) => s.id === holder)?.exam_number : undefined;
      const holderMoves = holderExam !== undefined && fileExams.get(holderExam)?.seatNumber !== r.seatNumber;
      if (holder && holder !== known?.id && !holderMoves) errors.push({ row: r.row, reason: CLASS_MESSAGES.seatTaken(r.seatNumber!) });
    }
    if (errors.length) throw rosterRejected(errors);

    const fresh = rows.filter((r) => !byExam.has(r.examNumber));
    try {
      // Ids made here: no `returning` under the students policy (see classes/routes.ts createClass).
      const inserted = fresh.map((r) => ({ id: crypto.randomUUID(), exam_number: r.examNumber, name: r.name }));
      if (inserted.length) {
        await sql`
          insert into public.students (id, exam_number, name, org_id)
          select t.*, ${cls.org_id}::uuid
            from unnest(${inserted.map((r) => r.id)}::uuid[], ${inserted.map((r) => r.exam_number)}::text[],
                        ${inserted.map((r) => r.name)}::text[]) as t`;
      }
      const idOf = new Map([
        ...existing.map((s) => [s.exam_number, s.id] as const),
        ...inserted.map((s) => [s.exam_number, s.id] as const),
      ]);
      const ids = rows.map((r) => idOf.get(r.examNumber)!);
      // Seats first cleared for the students of the file, so seats can move between them.
      await sql`
        update public.class_students set seat_number = null
         where class_id = ${classId} and student_id = any(${ids}::uuid[])
           and student_id = any(${rows.filter((r) => r.seatNumber).map((r) => idOf.get(r.examNumber)!)}::uuid[])`;
      await sql`
        insert into public.class_students (class_id, student_id, seat_number)
        select ${classId}::uuid, t.student_id, t.seat_number
          from unnest(${ids}::uuid[], ${rows.map((r) => r.seatNumber)}::int[]) as t(student_id, seat_number)
        on conflict (class_id, student_id) do update
          set seat_number = coalesce(excluded.seat_number, public.class_students.seat_number)`;
      const students = await selectRoster(sql, classId, ids);
      const enrolled = rows.length - fresh.length;
      return { message: CLASS_MESSAGES.importDone(fresh.length, enrolled), created: fresh.length, enrolled, students };
    } catch (err) {
      rosterConflict(err, null, CLASS_MESSAGES.importRejected(1));
    }
  });
}
