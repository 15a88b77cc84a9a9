// The grading report of one answer (JSON and text download) and the worker tick.
import { defineRoute, type Ctx, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { isTickCaller } from "../lib/auth.ts";
import { idParams } from "../lib/params.ts";
import { attachmentHeader, reportFilename, reportText } from "./report.ts";
import { loadReviewedReport } from "../review/queries.ts";
import { startWorkerInBackground } from "./worker.ts";
import { GRADING_MESSAGES } from "./messages.ts";

const reportParams = idParams(GRADING_MESSAGES.reportNotFound);

/** The caller's report: the teacher's reviewed version when there is one, with the AI original and the edit log (review/). */
async function loadReport(ctx: Ctx<{ id: string }, AuthUser>) {
  const { resultId: _resultId, ...report } = await ctx.asCaller((sql) => loadReviewedReport(sql, ctx.params.id, ctx.user.id));
  return report;
}

export const routes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/submissions/:id/report",
    auth: "user",
    params: reportParams,
    handler: async (ctx) => json(await loadReport(ctx)),
  }),
  defineRoute({
    method: "GET",
    path: "/submissions/:id/report/download",
    auth: "user",
    params: reportParams,
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
  }),
  defineRoute({
    method: "POST",
    path: "/internal/tick",
    auth: "public",
    handler: async (ctx) => {
      if (!(await isTickCaller(ctx.req))) throw new HttpError(403, GRADING_MESSAGES.tickForbidden);
      startWorkerInBackground();
      return json({ started: true }, 202);
    },
  }),
];
