// 전체 재채점: the answers of a session graded under an older rubric (or all of them) go back to the
// queue for one use each, all or nothing (private.regrade_session in the grading migration).
//   GET  /sessions/:id/regrade-all  what it would do: counts under the current rubric and older ones
//   POST /sessions/:id/regrade-all  { all?, includeReviewed? } → queued / needed / skippedReviewed
import { z } from "zod";
import { adminSql } from "../lib/db.ts";
import type { AuthUser, Ctx } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { clientAddress, deviceId } from "../lib/rate-limit.ts";
import { settings } from "../lib/settings.ts";
import { type Reservation, usageExceededError } from "../lib/usage/quota.ts";
import { notFound, ownedSession, sampleReadOnly, type SessionRow } from "../lib/workspace/sessions.ts";
import { startWorkerInBackground } from "../grading/worker.ts";
import { sessionRubric } from "../grading/rubric.ts";
import { rubricSnapshot } from "../../_shared/rubric-scale.ts";
import { REGRADE_ALL_MESSAGES as M } from "./messages.ts";

type SessionCtx = Ctx<{ id: string }, AuthUser>;

/** The rubric the session's answers are graded under now (as the worker reads it). */
function currentRubric(s: Pick<SessionRow, "rubric" | "criteria_content">) {
  return rubricSnapshot(sessionRubric(s.rubric, s.criteria_content));
}

export interface RegradeStatus {
  /** Completed answers (samples excluded). */
  completed: number;
  /** Of those, graded under another rubric than the current one. */
  outdated: number;
  /** Of the outdated ones, reviewed by the teacher (a saved review or 검토 완료). */
  outdatedReviewed: number;
  /** Of all completed ones, reviewed by the teacher. */
  reviewed: number;
  /** Answers with a result that are queued or being graded again. */
  regrading: number;
}

async function regradeStatus(ctx: SessionCtx): Promise<Response> {
  const s = await ownedSession(ctx, ctx.params.id);
  const current = currentRubric(s);
  const [row] = await adminSql<RegradeStatus[]>`
    select count(*) filter (where x.status = 'completed')::int as completed,
           count(*) filter (where x.status = 'completed' and x.outdated)::int as outdated,
           count(*) filter (where x.status = 'completed' and x.outdated and x.reviewed)::int as "outdatedReviewed",
           count(*) filter (where x.status = 'completed' and x.reviewed)::int as reviewed,
           count(*) filter (where x.status in ('pending', 'analyzing'))::int as regrading
      from (
        select e.status,
               private.rubric_scale(coalesce(r.rubric, r.category_scores))
                 is distinct from private.rubric_scale(${adminSql.json(current as never)}) as outdated,
               (r.review is not null or r.reviewed_at is not null) as reviewed
          from public.essay_submissions e
          join public.analysis_results r on r.submission_id = e.id
         where e.session_id = ${s.id} and e.user_id = ${s.user_id} and not e.is_sample
      ) x`;
  return json({ ...row, rubric: current });
}

const regradeAllSchema = z
  .object(
    {
      all: z.boolean({ error: M.invalidBody }).optional(),
      includeReviewed: z.boolean({ error: M.invalidBody }).optional(),
    },
    { error: M.invalidBody },
  )
  .strict();

interface RegradeOutcome extends Partial<Reservation> {
  allowed: boolean;
  queued: number;
  needed: number;
  skippedReviewed: number;
}

async function regradeAll(ctx: SessionCtx): Promise<Response> {
  const body = await ctx.json(regradeAllSchema);
  const uid = ctx.user.id;
  const outcome = await adminSql.begin(async (sql) => {
    // Locked until the answers are queued: the rubric compared against cannot change meanwhile.
    const [s] = await sql<SessionRow[]>`
      select * from public.analysis_sessions where id = ${ctx.params.id} and user_id = ${uid} for update`;
    if (!s) throw notFound();
    if (s.is_sample) throw sampleReadOnly();
    const [{ r }] = await sql<{ r: RegradeOutcome }[]>`
      select private.regrade_session(
        ${s.id}::uuid, ${uid}::uuid, ${sql.json(currentRubric(s) as never)}, ${body.all === true},
        ${body.includeReviewed === true}, ${clientAddress(ctx.req)}, ${deviceId(ctx.req)},
        ${settings.freeUses.perAddressPerDay}::int, ${settings.freeUses.perDevicePerDay}::int) as r`;
    if (!r.allowed) {
      const refused = await usageExceededError(sql, r as Reservation, r.needed);
      // The daily free budgets and an organisation's pool or cap keep their own message; a plan that cannot cover
      // them all names the count.
      if (refused.status === 429 || refused.extra.orgLimit) throw refused;
      throw new HttpError(403, M.notEnough(r.needed, Number(r.remaining ?? 0)), {
        ...refused.extra,
        needed: r.needed,
      });
    }
    return r;
  });
  if (outcome.queued > 0) startWorkerInBackground();
  return json({
    success: true,
    queued: outcome.queued,
    needed: outcome.needed,
    skippedReviewed: outcome.skippedReviewed,
    message: outcome.queued > 0 ? M.queued(outcome.queued) : M.nothing,
  });
}

export { regradeAll, regradeStatus };
