import type { TransactionSql } from "postgres";
import type { Ctx, Route } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { isTickCaller } from "../lib/auth.ts";
import { attachmentHeader, reportFilename, reportText, toReport, type ReportRow } from "../grading/report.ts";
import { startWorkerInBackground } from "../grading/worker.ts";
import { reserveUsage, usageExceededError } from "../usage/quota.ts";
import { removeObjects } from "../files/storage.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SUBMISSION_MESSAGES = {
  notFound: "답안을 찾을 수 없습니다.",
  retryNotError: "채점 오류가 난 답안만 다시 채점할 수 있습니다.",
  retried: "다시 채점을 시작했습니다. 잠시만 기다려주세요.",
  deleted: "답안이 삭제되었습니다.",
} as const;

interface OwnedSubmission {
  id: string;
  session_id: string;
  status: string;
  usage_charged: boolean;
  essay_file_path: string | null;
}

/**
 * Locks the caller's submission for the rest of the transaction, or 404 (a missing id, a malformed
 * id and another user's answer look the same).
 */
async function lockOwnedSubmission(sql: TransactionSql, id: string, userId: string): Promise<OwnedSubmission> {
  const notFound = new HttpError(404, SUBMISSION_MESSAGES.notFound);
  if (!UUID.test(id)) throw notFound;
  const [row] = await sql<OwnedSubmission[]>`
    select id, session_id, status, usage_charged, essay_file_path from public.essay_submissions
     where id = ${id} and user_id = ${userId}
     for update`;
  if (!row) throw notFound;
  return row;
}

/** An answer whose grading ended in error goes back to the queue for one more use. */
async function retrySubmission(ctx: Ctx): Promise<Response> {
  const uid = ctx.user!.id;
  await ctx.admin.begin(async (sql) => {
    const row = await lockOwnedSubmission(sql, ctx.params.id, uid);
    if (row.status !== "error") throw new HttpError(409, SUBMISSION_MESSAGES.retryNotError);
    const reservation = await reserveUsage(sql, uid, 1, ctx.req);
    if (!reservation.allowed) throw await usageExceededError(sql, reservation, 1);
    const [{ ok }] = await sql<{ ok: boolean }[]>`
      select private.requeue_errored_submission(${row.id}::uuid, ${reservation.periodStart}::timestamptz) as ok`;
    if (!ok) throw new HttpError(409, SUBMISSION_MESSAGES.retryNotError);
  });
  startWorkerInBackground();
  return json({ success: true, id: ctx.params.id, status: "pending", message: SUBMISSION_MESSAGES.retried });
}

/**
 * Deletes one answer (its result cascades). Its use is given back only when no worker has claimed
 * it yet; once grading has started the model has been called, so the use stays charged. The
 * worker notices the missing row and neither calls the model again nor stores a result.
 */
async function deleteSubmission(ctx: Ctx): Promise<Response> {
  const uid = ctx.user!.id;
  const row = await ctx.admin.begin(async (sql) => {
    const row = await lockOwnedSubmission(sql, ctx.params.id, uid);
    await sql`select private.release_unclaimed_usage(${row.id}::uuid)`;
    await sql`delete from public.essay_submissions where id = ${row.id}`;
    return row;
  });
  await removeObjects([row.essay_file_path], { ownerId: uid, sessionId: row.session_id, roles: ["essay"] });
  return json({ success: true, message: SUBMISSION_MESSAGES.deleted });
}

async function loadReport(ctx: Ctx) {
  const id = ctx.params.id;
  if (!UUID.test(id)) throw new HttpError(404, "리포트를 찾을 수 없습니다.");
  const rows = await ctx.asUser((sql) => sql`
    select e.id, e.student_name, e.student_id, e.submitted_at, e.analysis_completed_at, e.essay_filename,
           s.prompt_filename, e.status,
           r.overall_score, r.max_score, r.category_scores, r.strengths, r.improvement_areas,
           r.detailed_feedback, r.suggestions, r.grader, r.model, r.flags,
           s.prompt_content, s.criteria_content, e.essay_content, r.annotations
      from public.essay_submissions e
      join public.analysis_sessions s on s.id = e.session_id
      left join public.analysis_results r on r.submission_id = e.id
     where e.id = ${id} and e.user_id = ${ctx.user!.id}`);
  const row = rows[0];
  if (!row) throw new HttpError(404, "리포트를 찾을 수 없습니다.");
  if (row.status !== "completed" || row.overall_score === null) {
    throw new HttpError(409, "아직 채점이 완료되지 않았습니다.");
  }
  return toReport(row as unknown as ReportRow);
}

export const routes: Route[] = [
  {
    method: "GET",
    path: "/submissions/:id/report",
    auth: "user",
    handler: async (ctx) => json(await loadReport(ctx)),
  },
  {
    method: "GET",
    path: "/submissions/:id/report/download",
    auth: "user",
    handler: async (ctx) => {
      const report = await loadReport(ctx);
      const body = "\uFEFF" + reportText(report);
      return new Response(body, {
        status: 200,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Content-Disposition": attachmentHeader(reportFilename(report)),
          "Cache-Control": "no-store",
        },
      });
    },
  },
  { method: "POST", path: "/submissions/:id/retry", auth: "user", handler: retrySubmission },
  { method: "DELETE", path: "/submissions/:id", auth: "user", handler: deleteSubmission },
  {
    method: "POST",
    path: "/internal/tick",
    auth: "public",
    handler: async (ctx) => {
      if (!(await isTickCaller(ctx.req))) throw new HttpError(403, "권한이 없습니다.");
      startWorkerInBackground();
      return json({ started: true }, 202);
    },
  },
];
