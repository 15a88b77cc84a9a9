// GET /admin/agreement: teacher–AI agreement across every session (admins only), over the reviewed
// answers (검토 완료) of all teachers: the same figures as GET /sessions/:id/agreement. A category is
// its name with its points ("논리 구조 (40)"), so scores on different scales are never pooled.
import { adminSql } from "../lib/db.ts";
import type { AuthUser, Ctx } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { computeAgreement, type ReviewedPair, type ScoredCategory, type SessionAgreement } from "../../_shared/agreement.ts";

/** At most this many reviewed answers are read (the newest): the figures stay bounded in work. */
const MAX_REVIEWED = 5000;

export interface AdminAgreement extends SessionAgreement {
  /** Sessions and teachers the reviewed answers come from. */
  sessions: number;
  teachers: number;
}

function scored(v: unknown): ScoredCategory[] | null {
  if (!Array.isArray(v)) return null;
  const out: ScoredCategory[] = [];
  for (const c of v) {
    if (!c || typeof c !== "object") return null;
    const { name, score, maxScore } = c as Record<string, unknown>;
    if (typeof name !== "string" || typeof score !== "number" || typeof maxScore !== "number") return null;
    out.push({ name: `${name} (${maxScore})`, score, maxScore });
  }
  return out;
}

/** The AI's original and the teacher's final scores (the original when reviewed without edits). */
export function scaledPair(row: { category_scores: unknown; review: unknown }): ReviewedPair {
  const ai = scored(row.category_scores) ?? [];
  const review =
    row.review && typeof row.review === "object" && !Array.isArray(row.review) ? (row.review as Record<string, unknown>) : null;
  return { ai, teacher: (review && scored(review.categoryScores)) ?? ai };
}

export async function adminAgreement(_ctx: Ctx<unknown, AuthUser>): Promise<Response> {
  const rows = await adminSql<{ category_scores: unknown; review: unknown; session_id: string; user_id: string }[]>`
    select r.category_scores, r.review, e.session_id, e.user_id
      from public.analysis_results r
      join public.essay_submissions e on e.id = r.submission_id
     where r.reviewed_at is not null and not e.is_sample
     order by r.reviewed_at desc
     limit ${MAX_REVIEWED}`;
  const body: AdminAgreement = {
    ...computeAgreement(rows.map(scaledPair)),
    sessions: new Set(rows.map((r) => r.session_id)).size,
    teachers: new Set(rows.map((r) => r.user_id)).size,
  };
  return json(body);
}
