// Whole-class actions of the teacher review in one session: 검토 완료 for the selected answers, and a
// student link for each reviewed answer (the link sheet). One transaction each, all or nothing.
import { adminSql } from "../lib/db.ts";
import { HttpError } from "../lib/errors.ts";
import { iso, json } from "../lib/http.ts";
import { enforceRateLimit, RATE_LIMITS } from "../lib/rate-limit.ts";
import { type AuthUser, type Ctx, defineRoute, type Route } from "../lib/types.ts";
import { sessionParams, userId, writableSession } from "../lib/workspace/sessions.ts";
import { isGraded, lockSelectedAnswers } from "../lib/workspace/selection.ts";
import { compareStudents } from "../../_shared/student-order.ts";
import {
  BULK_MESSAGES as B,
  type BulkReviewResult,
  type BulkSharesResult,
  bulkSharesBodySchema,
  bulkSubmissionsBodySchema,
  type StudentLink,
} from "../../_shared/bulk.ts";
import { REVIEW_API_MESSAGES as M } from "./messages.ts";
import { MAX_ACTIVE_SHARES, newShareToken, shareUrl } from "./shares.ts";

type SessionCtx = Ctx<{ id: string }, AuthUser>;

/**
 * POST /sessions/:id/review-complete { submissionIds }: marks every selected graded answer 검토 완료,
 * as POST /submissions/:id/review/complete does one (reviewed_at, reviewed_by, one reviewStatus line
 * in its log). Answers not graded yet are skipped and counted; already reviewed ones stay as they are.
 */
async function completeSelected(ctx: SessionCtx): Promise<Response> {
  const uid = userId(ctx);
  const { submissionIds } = await ctx.json(bulkSubmissionsBodySchema);
  const s = await writableSession(ctx, ctx.params.id);
  await enforceRateLimit(adminSql, RATE_LIMITS.reviewWrites, uid);
  const result = await adminSql.begin(async (sql) => {
    const answers = await lockSelectedAnswers(sql, s.id, uid, submissionIds);
    const graded = answers.filter(isGraded);
    const toMark = graded.filter((a) => !a.reviewed_at).map((a) => a.result_id!);
    const done = await sql<{ result_id: string }[]>`
      with done as (
        update public.analysis_results r set reviewed_at = now(), reviewed_by = ${uid}
         where r.id = any(${toMark}::uuid[]) and r.reviewed_at is null
        returning r.id, r.reviewed_at)
      insert into public.result_edits (result_id, user_id, field, before, after)
      select d.id, ${uid}, 'reviewStatus', '{"reviewed": false}'::jsonb,
             jsonb_build_object('reviewed', true,
                                'reviewedAt', to_char(d.reviewed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        from done d
      returning result_id`;
    return { reviewed: done.length, alreadyReviewed: graded.length - done.length, skipped: answers.length - graded.length };
  });
  const message = [
    B.reviewed(result.reviewed),
    result.alreadyReviewed > 0 ? B.alreadyReviewed(result.alreadyReviewed) : "",
    result.skipped > 0 ? B.reviewSkipped(result.skipped) : "",
  ]
    .filter(Boolean)
    .join(" ");
  const body: BulkReviewResult = { ...result, message };
  return json(body);
}

/**
 * POST /sessions/:id/shares { submissionIds?, expiresInDays? }: a new student link for each selected
 * (or, without ids, each) 검토 완료 answer of the session, by 수험번호. Only a link's hash is stored,
 * so an earlier link cannot be shown again: each call makes new ones (the per-answer cap and the
 * daily limit of POST /submissions/:id/share apply to each). Answers not reviewed get none (counted);
 * 409 when none is reviewed.
 */
async function createLinks(ctx: SessionCtx): Promise<Response> {
  const uid = userId(ctx);
  const { submissionIds, expiresInDays } = await ctx.json(bulkSharesBodySchema);
  const s = await writableSession(ctx, ctx.params.id);
  const made = await adminSql.begin(async (sql) => {
    const answers = await lockSelectedAnswers(sql, s.id, uid, submissionIds);
    const shareable = answers.filter((a) => isGraded(a) && a.reviewed_at !== null);
    if (shareable.length === 0) throw new HttpError(409, B.noShareable);
    const ids = shareable.map((a) => a.id);
    const [full] = await sql<{ id: string }[]>`
      select x.submission_id as id from public.report_shares x
       where x.submission_id = any(${ids}::uuid[]) and x.revoked_at is null and x.expires_at > now()
       group by x.submission_id having count(*) >= ${MAX_ACTIVE_SHARES}
       limit 1`;
    if (full) throw new HttpError(409, M.tooManyShares(MAX_ACTIVE_SHARES));
    // Each link counts towards the daily limit, as one made alone does (in this transaction: only
    // links actually made count).
    for (let i = 0; i < shareable.length; i++) await enforceRateLimit(sql, RATE_LIMITS.shareLinks, uid);
    const tokens = await Promise.all(shareable.map(() => newShareToken()));
    const rows = await sql<{ submission_id: string; expires_at: Date }[]>`
      insert into public.report_shares (submission_id, user_id, token_hash, expires_at)
      select t.submission_id, ${uid}, decode(t.hash_hex, 'hex'), now() + make_interval(days => ${expiresInDays}::int)
        from unnest(${ids}::uuid[], ${tokens.map((t) => toHex(t.hash))}::text[]) as t(submission_id, hash_hex)
      returning submission_id, expires_at`;
    const expiresAt = new Map(rows.map((r) => [r.submission_id, iso(r.expires_at)!]));
    const links: StudentLink[] = shareable.map((a, i) => ({
      submissionId: a.id,
      studentName: a.student_name,
      studentId: a.student_id,
      url: shareUrl(ctx.req, tokens[i].token),
      expiresAt: expiresAt.get(a.id)!,
    }));
    return { links, skipped: answers.length - shareable.length };
  });
  made.links.sort((a, b) => compareStudents(a, b));
  const message = [B.sharesMade(made.links.length), made.skipped > 0 ? B.sharesSkipped(made.skipped) : ""].filter(Boolean).join(" ");
  const body: BulkSharesResult = { ...made, message };
  return json(body, 201);
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export const routes: Route[] = [
  defineRoute({ method: "POST", path: "/sessions/:id/review-complete", auth: "user", params: sessionParams, handler: completeSelected }),
  defineRoute({ method: "POST", path: "/sessions/:id/shares", auth: "user", params: sessionParams, handler: createLinks }),
];
