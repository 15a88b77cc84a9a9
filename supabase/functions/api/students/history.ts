// GET /students/:id: one student's history over the term — the student, every assignment's result
// (the latest graded answer, oldest first, final scores), the trends in words, the most frequent
// 첨삭 marks and the teacher's notes. Runs as the caller: another teacher's student is a 404.
import { defineRoute, type Route } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { idParams } from "../lib/params.ts";
import { HttpError } from "../lib/errors.ts";
import { latestGradedResults } from "../lib/growth/results.ts";
import { categoryNamesOf, markCounts, trendSentences, type StudentHistory } from "../../_shared/growth.ts";
import { HISTORY_MESSAGES as M } from "./history-messages.ts";

interface StudentRow {
  id: string;
  exam_number: string;
  name: string;
  notes: string;
}

export const historyRoutes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/students/:id",
    auth: "user",
    params: idParams(M.studentNotFound),
    handler: async (ctx) => {
      const history = await ctx.asCaller(async (sql): Promise<StudentHistory> => {
        const [student] = await sql<StudentRow[]>`
          select id, exam_number, name, notes from public.students where id = ${ctx.params.id}`;
        if (!student) throw new HttpError(404, M.studentNotFound);
        const classes = await sql<{ id: string; name: string; seat_number: number | null }[]>`
          select c.id, c.name, cs.seat_number
            from public.class_students cs
            join public.classes c on c.id = cs.class_id
           where cs.student_id = ${student.id}
           order by c.created_at, c.id`;
        const graded = await latestGradedResults(sql, ctx.user.id, [student.id]);
        const results = graded.map(({ studentId: _s, annotations: _a, ...r }) => r);
        const marks = markCounts(graded.map((r) => r.annotations));
        return {
          student: {
            id: student.id,
            examNumber: student.exam_number,
            name: student.name,
            notes: student.notes,
            classes: classes.map((c) => ({ id: c.id, name: c.name, seatNumber: c.seat_number })),
          },
          results,
          categoryNames: categoryNamesOf(results),
          trends: trendSentences(results),
          markKinds: marks.kinds,
          markTopics: marks.topics,
        };
      });
      return json(history);
    },
  }),
];
