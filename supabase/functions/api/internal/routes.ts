// POST /internal/tick: the scheduled tick (pg_cron in production, the local stack's timer) starts a
// grading worker run, the billing run (renewal charges, notices, the mail outbox) and the retention purge (payment
// records of withdrawn members after 5 years); only a caller holding the tick secret may.
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { isTickCaller } from "../lib/auth.ts";
import { startWorkerInBackground } from "../grading/worker.ts";
import { purgeExpiredRecords } from "../lib/retention.ts";
import { startBillingRun } from "../lib/billing/run.ts";

const TICK_FORBIDDEN = "권한이 없습니다.";

/** The tick: 403 without the tick secret, else the worker, billing and the purge start in the background (202). */
async function tick(ctx: Ctx): Promise<Response> {
  if (!(await isTickCaller(ctx.req))) throw new HttpError(403, TICK_FORBIDDEN);
  startWorkerInBackground();
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil(p: Promise<unknown>): void } }).EdgeRuntime;
  const purge = purgeExpiredRecords();
  runtime?.waitUntil(purge);
  const billing = startBillingRun();
  runtime?.waitUntil(billing);
  return json({ started: true }, 202);
}

export const routes: Route[] = [defineRoute({ method: "POST", path: "/internal/tick", auth: "public", handler: tick })];
