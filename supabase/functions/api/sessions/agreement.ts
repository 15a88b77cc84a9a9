// GET /sessions/:id/agreement: how far the AI's original scores agree with the teacher's final ones
// over the session's reviewed answers (검토 완료). Read as the caller (RLS): another user's session is 404.
import type { Ctx } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { ownedSession } from "../lib/workspace/sessions.ts";
import { computeAgreement, type ReviewedPair, type ScoredCategory } from "../../_shared/agreement.ts";

/** Stored category scores (category_scores, or review.categoryScores); null when unreadable. */
export function storedScores(v: unknown): ScoredCategory[] | null {
  if (!Array.isArray(v)) return null;
  const out: ScoredCategory[] = [];
  for (const c of v) {
    if (!c || typeof c !== "object") return null;
    const { name, score, maxScore } = c as Record<string, unknown>;
    if (typeof name !== "string" || typeof score !== "number" || typeof maxScore !== "number") return null;
    out.push({ name, score, maxScore });
  }
  return out;
}

interface AgreementRow {
  category_scores: unknown;
  review: unknown;
}

/** The AI's original and the teacher's final version (the original when reviewed without edits). */
export function reviewedPair(row: AgreementRow): ReviewedPair {
  const ai = storedScores(row.category_scores) ?? [];
  const edited =
    row.review && typeof row.review === "object" && !Array.isArray(row.review)
      ? storedScores((row.review as Record<string, unknown>).categoryScores)
      : null;
  return { ai, teacher: edited ?? ai };
}

export async function sessionAgreement(ctx: Ctx<{ id: string }, AuthUser>): Promise<Response> {
  const s = await ownedSession(ctx, ctx.params.id);
  const rows = await ctx.asCaller(
    (sql) =>
      sql<AgreementRow[]>`
      select r.category_scores, r.review
        from public.analysis_results r
        join public.essay_submissions e on e.id = r.submission_id
       where e.session_id = ${s.id} and r.reviewed_at is not null
       order by e.submitted_at, e.id`,
  );
  return json(computeAgreement(rows.map(reviewedPair)));
}
