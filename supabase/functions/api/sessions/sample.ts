// POST /sessions/sample: a session made from the bundled sample question,
// criteria and three answers (../../_shared/sample-essay.ts), all queued at once. The server alone
// decides what a sample is: the texts come from the bundle, never from the request, and the rows are
// written with the service connection (`is_sample`, no use reserved). Bounded per user and per
// address per day (RATE_LIMITS.sampleUser / sampleAddress).
import { adminSql } from "../lib/db.ts";
import type { AuthUser, Ctx } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { clientAddress, enforceRateLimit, RATE_LIMITS } from "../lib/rate-limit.ts";
import { startWorkerInBackground } from "../grading/worker.ts";
import {
  SAMPLE_ANSWERS,
  SAMPLE_CRITERIA,
  SAMPLE_CRITERIA_FILENAME,
  SAMPLE_PROMPT,
  SAMPLE_PROMPT_FILENAME,
} from "../../_shared/sample-essay.ts";
import { SESSION_MESSAGES } from "./messages.ts";
import { type SessionRow, sessionJson } from "./mappers.ts";
import { userId } from "../lib/workspace/sessions.ts";

export async function createSampleSession(ctx: Ctx<Record<string, string>, AuthUser>): Promise<Response> {
  const uid = userId(ctx);
  await enforceRateLimit(adminSql, RATE_LIMITS.sampleUser, uid);
  await enforceRateLimit(adminSql, RATE_LIMITS.sampleAddress, clientAddress(ctx.req));

  const session = await adminSql.begin(async (sql) => {
    const [row] = await sql<SessionRow[]>`
      insert into public.analysis_sessions
        (user_id, prompt_content, criteria_content, prompt_filename, criteria_filename, is_sample)
      values (${uid}, ${SAMPLE_PROMPT}, ${SAMPLE_CRITERIA}, ${SAMPLE_PROMPT_FILENAME}, ${SAMPLE_CRITERIA_FILENAME}, true)
      returning *`;
    // One second apart (the first answer oldest), so the queue and the dashboard keep their order.
    for (const [i, answer] of SAMPLE_ANSWERS.entries()) {
      await sql`
        insert into public.essay_submissions
          (session_id, user_id, student_name, student_id, essay_content, usage_charged, is_sample, submitted_at)
        values (${row.id}, ${uid}, ${answer.studentName}, ${answer.studentId}, ${answer.essay}, false, true,
                now() - make_interval(secs => ${SAMPLE_ANSWERS.length - i}))`;
    }
    return row;
  });
  startWorkerInBackground();
  return json(
    {
      ...sessionJson({ ...session, submission_count: SAMPLE_ANSWERS.length, completed_count: 0 }),
      message: SESSION_MESSAGES.sampleStarted,
    },
    201,
  );
}
