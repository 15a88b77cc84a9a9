// A session's refused answers (public.refused_answers, lib/workspace/refused-answers.ts): listed
// until the teacher dismisses them (닫기).
import { adminSql } from "../lib/db.ts";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json, iso } from "../lib/http.ts";
import { idParams } from "../lib/params.ts";
import { ownedSession, sessionParams, userId } from "../lib/workspace/sessions.ts";
import { SUBMISSION_MESSAGES } from "./messages.ts";

type IdCtx = Ctx<{ id: string }, AuthUser>;

interface RefusedRow {
  id: string;
  student_name: string | null;
  student_id: string | null;
  filename: string | null;
  reason: string;
  created_at: Date;
}

/** The session's refused answers not yet dismissed, oldest first. */
async function listRefused(ctx: IdCtx): Promise<Response> {
  const s = await ownedSession(ctx, ctx.params.id);
  const rows = await ctx.asCaller(
    (sql) => sql<RefusedRow[]>`
      select id, student_name, student_id, filename, reason, created_at
        from public.refused_answers
       where session_id = ${s.id} and user_id = ${userId(ctx)} and dismissed_at is null
       order by created_at, id`,
  );
  return json(
    rows.map((r) => ({
      id: r.id,
      studentName: r.student_name ?? "",
      studentId: r.student_id ?? "",
      filename: r.filename,
      reason: r.reason,
      refusedAt: iso(r.created_at),
    })),
  );
}

/** 닫기: the teacher has seen the refusal; it leaves the list (the row stays, dismissed). */
async function dismissRefused(ctx: IdCtx): Promise<Response> {
  // Written by the API only (users have no update grant): the caller's own row, once.
  const rows = await adminSql`
    update public.refused_answers set dismissed_at = now()
     where id = ${ctx.params.id} and user_id = ${userId(ctx)} and dismissed_at is null
    returning id`;
  if (rows.length === 0) throw new HttpError(404, SUBMISSION_MESSAGES.refusedNotFound);
  return json({ success: true, message: SUBMISSION_MESSAGES.refusedDismissed });
}

export const refusedRoutes: Route[] = [
  defineRoute({ method: "GET", path: "/sessions/:id/refused-answers", auth: "user", params: sessionParams, handler: listRefused }),
  defineRoute({
    method: "POST",
    path: "/refused-answers/:id/dismiss",
    auth: "user",
    params: idParams(SUBMISSION_MESSAGES.refusedNotFound),
    handler: dismissRefused,
  }),
];
