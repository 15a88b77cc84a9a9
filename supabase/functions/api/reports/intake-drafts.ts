// A student's own drafts through an intake link (GET /intake/:token/drafts, the code in `X-Student-Code`):
// each draft's number, time and state, and its report once released: at once for a link that releases
// immediately, else once the teacher completed the review (the reviewed version). Hidden drafts and
// other students' work are never listed; the teacher's log and notes are never part of it.
import type { StudentDraft } from "../../_shared/intake.ts";
import { STUDENT_INTAKE_MESSAGES as M } from "../../_shared/intake.ts";
import { adminSql } from "../lib/db.ts";
import { HttpError } from "../lib/errors.ts";
import { iso, json } from "../lib/http.ts";
import { identifyStudent, openLink, studentCodeOf } from "../lib/intake/access.ts";
import { clientAddress, enforceRateLimit, RATE_LIMITS } from "../lib/rate-limit.ts";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import { z } from "zod";
import { sharedReport } from "./build.ts";
import { loadReviewedReport } from "./queries.ts";

const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: M.linkNotFound }) });

interface DraftRow {
  id: string;
  draft_number: number;
  submitted_at: Date;
  status: string;
  reviewed_at: Date | null;
  has_result: boolean;
}

async function listOwnDrafts(ctx: Ctx<{ token: string }, null>): Promise<Response> {
  await enforceRateLimit(adminSql, RATE_LIMITS.sharedReport, clientAddress(ctx.req));
  const link = await openLink(ctx.params.token);
  const student = await identifyStudent(link, studentCodeOf(ctx.req), ctx.req);
  const rows = await adminSql<DraftRow[]>`
    select e.id, d.draft_number, e.submitted_at, e.status, r.reviewed_at, (r.id is not null) as has_result
      from public.essay_drafts d
      join public.essay_submissions e on e.id = d.submission_id and e.user_id = d.user_id
      left join public.analysis_results r on r.submission_id = e.id
     where d.session_id = ${link.sessionId} and d.student_id = ${student.id} and d.user_id = ${link.userId}
       and not d.hidden
     order by d.draft_number`;
  const drafts: StudentDraft[] = [];
  for (const r of rows) {
    const released = r.has_result && (link.release === "immediate" ? r.status === "completed" : r.reviewed_at !== null);
    let report: StudentDraft["report"] = null;
    if (released) {
      const full = await loadReviewedReport(adminSql, r.id, link.userId).catch((err) => {
        if (err instanceof HttpError) return null;
        throw err;
      });
      if (full) {
        const { expiresAt: _e, ...shared } = sharedReport(full, link.deadline);
        report = { ...shared, reviewed: full.reviewedAt !== null };
      }
    }
    drafts.push({
      id: r.id,
      draftNumber: r.draft_number,
      submittedAt: iso(r.submitted_at)!,
      state: report ? "released" : r.status === "error" ? "error" : r.status === "completed" ? "awaitingReview" : "grading",
      report,
    });
  }
  return json({ student: { name: student.name }, maxDrafts: link.maxDrafts, drafts }, 200, {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex",
  });
}

export const routes: Route[] = [
  defineRoute({ method: "GET", path: "/intake/:token/drafts", auth: "public", params: tokenParams, handler: listOwnDrafts }),
];
