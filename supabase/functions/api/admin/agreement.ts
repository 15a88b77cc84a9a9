// GET /admin/agreement: teacher–AI agreement across every session (admins only), over the reviewed
// answers (검토 완료) of all teachers: the same figures as GET /sessions/:id/agreement. A category is
// its name with its points ("논리 구조 (40)"), so scores on different scales are never pooled.
import { adminSql } from "../lib/db.ts";
import type { AuthUser, Ctx } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { computeAgreement, scaledPair, type SessionAgreement } from "../../_shared/agreement.ts";

/** At most this many reviewed answers are read (the newest): the figures stay bounded in work. */
const MAX_REVIEWED = 5000;

export interface AdminAgreement extends SessionAgreement {
  /** Sessions and teachers the reviewed answers come from. */
  sessions: number;
  teachers: number;
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
