// The grading report of one answer (JSON and text download) and the worker tick.
import { defineRoute, type Ctx, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { isTickCaller } from "../lib/auth.ts";
import { idParams } from "../lib/params.ts";
import { attachmentHeader, reportFilename, reportText, toReport, type ReportRow } from "./report.ts";
import { startWorkerInBackground } from "./worker.ts";
import { GRADING_MESSAGES } from "./messages.ts";

const reportParams = idParams(GRADING_MESSAGES.reportNotFound);

async function loadReport(ctx: Ctx<{ id: string }, AuthUser>) {
  const rows = await ctx.asCaller((sql) => sql`
    select e.id, e.student_name, e.student_id, e.submitted_at, e.analysis_completed_at, e.essay_filename,
           s.prompt_filename, e.status,
           r.overall_score, r.max_score, r.category_scores, r.strengths, r.improvement_areas,
           r.detailed_feedback, r.suggestions, r.grader, r.model, r.flags,
           s.prompt_content, s.criteria_content, e.essay_content, r.annotations
      from public.essay_submissions e
      join public.analysis_sessions s on s.id = e.session_id
      left join public.analysis_results r on r.submission_id = e.id
     where e.id = ${ctx.params.id} and e.user_id = ${ctx.user.id}`);
  const row = rows[0];
  if (!row) throw new HttpError(404, GRADING_MESSAGES.reportNotFound);
  if (row.status !== "completed" || row.overall_score === null) {
    throw new HttpError(409, GRADING_MESSAGES.notCompleted);
  }
  return toReport(row as unknown as ReportRow);
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
