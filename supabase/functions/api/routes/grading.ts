import type { Ctx, Route } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { env } from "../lib/env.ts";
import { bearerToken } from "../lib/auth.ts";
import { attachmentHeader, reportFilename, reportText, toReport, type ReportRow } from "../grading/report.ts";
import { startWorkerInBackground } from "../grading/worker.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function loadReport(ctx: Ctx) {
  const id = ctx.params.id;
  if (!UUID.test(id)) throw new HttpError(404, "리포트를 찾을 수 없습니다.");
  const rows = await ctx.asUser((sql) => sql`
    select e.id, e.student_name, e.student_id, e.submitted_at, e.analysis_completed_at, e.essay_filename,
           s.prompt_filename, e.status,
           r.overall_score, r.max_score, r.category_scores, r.strengths, r.improvement_areas,
           r.detailed_feedback, r.suggestions, r.grader, r.model, r.flags
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
  {
    method: "POST",
    path: "/internal/tick",
    auth: "public",
    handler: (ctx) => {
      if (bearerToken(ctx.req) !== env.serviceRoleKey) throw new HttpError(403, "권한이 없습니다.");
      startWorkerInBackground();
      return json({ started: true }, 202);
    },
  },
];
