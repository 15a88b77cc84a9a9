// Teacher review (검토) and read-only student links.
// Writes use the privileged connection, each after checking in the same statement that the caller
// owns the submission; members can only read these rows (RLS), anon nothing.
import type postgres from "postgres";
import { z } from "zod";
import { reviewBodySchema, shareBodySchema, type CreatedShare } from "../../_shared/review.ts";
import { adminSql } from "../lib/db.ts";
import { HttpError } from "../lib/errors.ts";
import { iso, json } from "../lib/http.ts";
import { idParams } from "../lib/params.ts";
import { clientAddress, enforceRateLimit, RATE_LIMITS } from "../lib/rate-limit.ts";
import { type AuthUser, type Ctx, defineRoute, type Route } from "../lib/types.ts";
import { sessionRubric } from "../grading/rubric.ts";
import { applyReview, diffFields, originalFields, reviewedFields, sharedReport, toStoredReview } from "./build.ts";
import { loadReviewedReport, lockResultForReview } from "./queries.ts";
import { REVIEW_API_MESSAGES as M } from "./messages.ts";
import { MAX_ACTIVE_SHARES, newShareToken, type ShareRow, sha256, shareUrl, toShare } from "./shares.ts";

const reportParams = idParams(M.reportNotFound);
const shareParams = idParams(M.shareNotFound);
/** 32 random bytes in base64url: 43 characters. Anything else is a missing link. */
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: M.sharedNotFound }) });

type LockedResult = Awaited<ReturnType<typeof lockResultForReview>>;
type ReportCtx = Ctx<{ id: string }, AuthUser>;

/**
 * A review write: `write` runs in one transaction on the caller's result of submission `:id`, locked
 * (lockResultForReview: 404/409 when it is not theirs or not graded); the answer is the report as
 * the caller now sees it.
 */
async function writeReview(ctx: ReportCtx, write: (sql: postgres.TransactionSql, row: LockedResult) => Promise<void>): Promise<Response> {
  await adminSql.begin((sql) => lockResultForReview(sql, ctx.params.id, ctx.user.id).then((row) => write(sql, row)));
  const { resultId: _r, ...report } = await ctx.asCaller((sql) => loadReviewedReport(sql, ctx.params.id, ctx.user.id));
  return json(report);
}

/** One line of a result's review log (public.result_edits): who changed `field` from `before` to `after`. */
async function logEdit(sql: postgres.TransactionSql, resultId: string, userId: string, field: string, before: unknown, after: unknown) {
  await sql`insert into public.result_edits (result_id, user_id, field, before, after)
            values (${resultId}, ${userId}, ${field}, ${sql.json(before as never)}, ${sql.json(after as never)})`;
}

/** PUT /submissions/:id/review: the teacher's edits, each changed field logged. */
async function saveReview(ctx: ReportCtx): Promise<Response> {
  await enforceRateLimit(adminSql, RATE_LIMITS.reviewWrites, ctx.user.id);
  const body = await ctx.json(reviewBodySchema);
  return await writeReview(ctx, async (sql, row) => {
    const answer = row.essay_content ?? "";
    const original = originalFields(row, answer);
    const current = reviewedFields(row, answer) ?? original;
    const rubricNames = sessionRubric(row.rubric, row.criteria_content).map((c) => c.name);
    const next = applyReview(body, original, answer, rubricNames);
    const changes = diffFields(current, next);
    if (changes.length === 0) return;
    await sql`update public.analysis_results set review = ${sql.json(toStoredReview(next) as never)}
                 where id = ${row.result_id}`;
    for (const c of changes) await logEdit(sql, row.result_id, ctx.user.id, c.field, c.before, c.after);
  });
}

/** POST /submissions/:id/review/complete: marks the review done (logged once). */
async function completeReview(ctx: ReportCtx): Promise<Response> {
  await enforceRateLimit(adminSql, RATE_LIMITS.reviewWrites, ctx.user.id);
  return await writeReview(ctx, async (sql, row) => {
    if (row.reviewed_at) return;
    const [done] = await sql<{ reviewed_at: Date }[]>`
        update public.analysis_results set reviewed_at = now(), reviewed_by = ${ctx.user.id}
         where id = ${row.result_id} returning reviewed_at`;
    await logEdit(
      sql,
      row.result_id,
      ctx.user.id,
      "reviewStatus",
      { reviewed: false },
      { reviewed: true, reviewedAt: iso(done.reviewed_at) },
    );
  });
}

export const routes: Route[] = [
  defineRoute({ method: "PUT", path: "/submissions/:id/review", auth: "user", params: reportParams, handler: saveReview }),
  defineRoute({ method: "POST", path: "/submissions/:id/review/complete", auth: "user", params: reportParams, handler: completeReview }),
  defineRoute({
    method: "GET",
    path: "/submissions/:id/shares",
    auth: "user",
    params: reportParams,
    handler: async (ctx) => {
      const rows = await ctx.asCaller(async (sql) => {
        const [own] = await sql`select 1 from public.essay_submissions where id = ${ctx.params.id} and user_id = ${ctx.user.id}`;
        if (!own) throw new HttpError(404, M.reportNotFound);
        return sql<ShareRow[]>`
          select id, created_at, expires_at, revoked_at from public.report_shares
           where submission_id = ${ctx.params.id} and user_id = ${ctx.user.id}
           order by created_at desc limit 100`;
      });
      return json({ shares: rows.map(toShare) });
    },
  }),
  defineRoute({
    method: "POST",
    path: "/submissions/:id/share",
    auth: "user",
    params: reportParams,
    handler: async (ctx) => {
      const { expiresInDays } = await ctx.json(shareBodySchema);
      const { token, hash } = await newShareToken();
      const row = await adminSql.begin(async (sql) => {
        const locked = await lockResultForReview(sql, ctx.params.id, ctx.user.id);
        if (!locked.reviewed_at) throw new HttpError(409, M.notReviewed);
        const [{ n }] = await sql<{ n: number }[]>`
          select count(*)::int as n from public.report_shares
           where submission_id = ${ctx.params.id} and revoked_at is null and expires_at > now()`;
        if (n >= MAX_ACTIVE_SHARES) throw new HttpError(409, M.tooManyShares(MAX_ACTIVE_SHARES));
        // Links made per user a day, revoked ones included (counted in this transaction: only
        // links actually made count).
        await enforceRateLimit(sql, RATE_LIMITS.shareLinks, ctx.user.id);
        const [r] = await sql<ShareRow[]>`
          insert into public.report_shares (submission_id, user_id, token_hash, expires_at)
          values (${ctx.params.id}, ${ctx.user.id}, ${hash}, now() + make_interval(days => ${expiresInDays}::int))
          returning id, created_at, expires_at, revoked_at`;
        return r;
      });
      const body: CreatedShare = { ...toShare(row), token, url: shareUrl(ctx.req, token) };
      return json(body, 201);
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/shares/:id",
    auth: "user",
    params: shareParams,
    handler: async (ctx) => {
      const [row] = await adminSql<ShareRow[]>`
        update public.report_shares x set revoked_at = coalesce(x.revoked_at, now())
         where x.id = ${ctx.params.id} and x.user_id = ${ctx.user.id}
           and exists (select 1 from public.essay_submissions e where e.id = x.submission_id and e.user_id = ${ctx.user.id})
        returning x.id, x.created_at, x.expires_at, x.revoked_at`;
      if (!row) throw new HttpError(404, M.shareNotFound);
      return json(toShare(row));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/shared/:token",
    auth: "public",
    params: tokenParams,
    handler: async (ctx) => {
      await enforceRateLimit(adminSql, RATE_LIMITS.sharedReport, clientAddress(ctx.req));
      const hash = await sha256(ctx.params.token);
      const [share] = await adminSql<{ submission_id: string; user_id: string; expires_at: Date }[]>`
        select x.submission_id, x.user_id, x.expires_at
          from public.report_shares x
          join public.essay_submissions e on e.id = x.submission_id and e.user_id = x.user_id
          join public.analysis_results r on r.submission_id = e.id
         where x.token_hash = ${hash} and x.revoked_at is null and x.expires_at > now()
           and r.reviewed_at is not null`;
      if (!share) throw new HttpError(404, M.sharedNotFound);
      const report = await loadReviewedReport(adminSql, share.submission_id, share.user_id).catch(() => {
        throw new HttpError(404, M.sharedNotFound);
      });
      return json(sharedReport(report, share.expires_at), 200, {
        "Cache-Control": "no-store",
        "Referrer-Policy": "no-referrer",
        "X-Robots-Tag": "noindex",
      });
    },
  }),
];
