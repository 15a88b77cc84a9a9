// PATCH /submissions/:id { rosterStudentId }: the teacher links an answer to a student of its
// session's class (null unlinks it). Runs as the caller (RLS; the owner trigger of the classes migration).
import { z } from "zod";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { sampleReadOnly } from "../lib/workspace/sessions.ts";
import { CLASS_MESSAGES } from "../../_shared/classes.ts";
import { SUBMISSION_MESSAGES } from "./messages.ts";
import { submissionJson } from "./mappers.ts";
import { selectSubmission, submissionParams } from "./queries.ts";

const linkSchema = z
  .object({ rosterStudentId: z.guid({ error: CLASS_MESSAGES.studentNotFound }).nullable() }, { error: CLASS_MESSAGES.invalidBody })
  .strict();

async function linkStudent(ctx: Ctx<{ id: string }, AuthUser>): Promise<Response> {
  const { rosterStudentId } = await ctx.json(linkSchema);
  const row = await ctx.asCaller(async (sql) => {
    const [answer] = await sql<{ id: string; class_id: string | null; in_sample: boolean }[]>`
      select e.id, s.class_id, (e.is_sample or s.is_sample) as in_sample
        from public.essay_submissions e join public.analysis_sessions s on s.id = e.session_id
       where e.id = ${ctx.params.id} and e.user_id = ${ctx.user.id}
       for update of e`;
    if (!answer) throw new HttpError(404, SUBMISSION_MESSAGES.notFound);
    if (answer.in_sample) throw sampleReadOnly();
    if (rosterStudentId) {
      if (!answer.class_id) throw new HttpError(409, CLASS_MESSAGES.linkNoClass);
      const [enrolled] = await sql`
        select 1 from public.class_students where class_id = ${answer.class_id} and student_id = ${rosterStudentId}`;
      if (!enrolled) throw new HttpError(422, CLASS_MESSAGES.linkNotEnrolled);
    }
    await sql`update public.essay_submissions set roster_student_id = ${rosterStudentId} where id = ${answer.id}`;
    return await selectSubmission(sql, answer.id);
  });
  return json(submissionJson(row));
}

export const rosterRoutes: Route[] = [
  defineRoute({ method: "PATCH", path: "/submissions/:id", auth: "user", params: submissionParams, handler: linkStudent }),
];
