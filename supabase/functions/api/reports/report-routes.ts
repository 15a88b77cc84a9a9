// The grading report of one answer (JSON and text download) and a session's results as CSV and .xlsx.
import { defineRoute, type Ctx, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { idParams } from "../lib/params.ts";
import { attachmentHeader, reportFilename, reportText } from "./report.ts";
import { loadReviewedReport } from "./queries.ts";
import { resultsCsv, resultsCsvFilename } from "./csv.ts";
import { selectResultRows } from "./results.ts";
import { resultsXlsxDownload } from "./export-xlsx.ts";
import { ownedSession, sessionParams } from "../lib/workspace/sessions.ts";
import { REPORT_MESSAGES } from "./report-messages.ts";

const reportParams = idParams(REPORT_MESSAGES.reportNotFound);

/**
 * The report of an answer the caller may read — theirs, or of an organisation's assignment they can
 * access (private.can_access_session) — the teacher's reviewed version when there is one, with the AI
 * original and the edit log (queries.ts).
 */
async function loadReport(ctx: Ctx<{ id: string }, AuthUser>) {
  const { resultId: _resultId, ...report } = await ctx.asCaller(async (sql) => {
    const [owner] = await sql<{ user_id: string }[]>`
      select e.user_id from public.essay_submissions e
       where e.id = ${ctx.params.id} and private.can_access_session(e.session_id)`;
    return await loadReviewedReport(sql, ctx.params.id, owner?.user_id ?? ctx.user.id);
  });
  return report;
}

/** One row per submission (staged batch items excluded), by 수험번호 (see `resultsCsv`), as a spreadsheet-safe CSV. */
async function resultsCsvDownload(ctx: Ctx<{ id: string }, AuthUser>): Promise<Response> {
  const s = await ownedSession(ctx, ctx.params.id);
  const rows = await ctx.asCaller((sql) => selectResultRows(sql, s.id, s.user_id));
  return new Response(resultsCsv(rows), {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentHeader(resultsCsvFilename(s.prompt_filename)),
      "Cache-Control": "no-store",
    },
  });
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
  defineRoute({ method: "GET", path: "/sessions/:id/results.csv", auth: "user", params: sessionParams, handler: resultsCsvDownload }),
  defineRoute({ method: "GET", path: "/sessions/:id/export.xlsx", auth: "user", params: sessionParams, handler: resultsXlsxDownload }),
];
