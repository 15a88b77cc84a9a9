// POST /submissions/:id/anchor: a reviewed answer (검토 완료) becomes a 기준 답안 of its session with
// one click: its text, and its final scores (the teacher's reviewed ones, else the AI's) as the
// anchor's scores. The anchors' limit (3) and the setup rule (not while answers are graded) are the
// ones of POST /sessions/:id/anchors (private.check_session_anchor); the worker puts the anchors in
// the prompt's fixed prefix as before.
import { adminSql } from "../lib/db.ts";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { idParams } from "../lib/params.ts";
import { lockSessionSetup } from "../lib/workspace/sessions.ts";
import { WORKSPACE_MESSAGES } from "../lib/workspace/messages.ts";
import { API_MESSAGES } from "../../_shared/messages.ts";
import { ANCHOR_MESSAGES as M, PROMOTE_ANCHOR_MESSAGES as P } from "../../_shared/anchors.ts";
import { resultRubric, sameRubricScale } from "../../_shared/rubric-scale.ts";
import { type AnchorRow, anchorJson, anchorRubric, checkAnchorScores, longEnough } from "./routes.ts";

const params = idParams(P.notFound);

interface PromoteRow {
  session_id: string;
  essay_content: string;
  in_sample: boolean;
  status: string;
  reviewed_at: Date | null;
  category_scores: unknown;
  review: unknown;
  rubric: unknown;
}

/** The final category scores: the teacher's reviewed ones when a review was saved, else the AI's. */
function finalScores(row: PromoteRow): { name: string; score: number }[] {
  const review = row.review && typeof row.review === "object" ? (row.review as Record<string, unknown>) : null;
  const list = Array.isArray(review?.categoryScores) ? review.categoryScores : row.category_scores;
  return (Array.isArray(list) ? list : []).flatMap((c) =>
    c && typeof c.name === "string" && typeof c.score === "number" ? [{ name: c.name as string, score: c.score as number }] : [],
  );
}

async function promoteToAnchor(ctx: Ctx<{ id: string }, AuthUser>): Promise<Response> {
  const uid = ctx.user.id;
  try {
    const row = await adminSql.begin(async (sql) => {
      const [sub] = await sql<PromoteRow[]>`
        select e.session_id, e.essay_content, (e.is_sample or s.is_sample) as in_sample, e.status,
               r.reviewed_at, r.category_scores, r.review, r.rubric
          from public.essay_submissions e
          join public.analysis_sessions s on s.id = e.session_id
          left join public.analysis_results r on r.submission_id = e.id
         where e.id = ${ctx.params.id} and e.user_id = ${uid}`;
      if (!sub) throw new HttpError(404, P.notFound);
      if (sub.in_sample) throw new HttpError(403, API_MESSAGES.sampleReadOnly);
      if (sub.status !== "completed" || !sub.reviewed_at) throw new HttpError(409, P.notReviewed);
      // Locked (and refused while answers are graded) like any change of the session's setup.
      const session = await lockSessionSetup(sql, sub.session_id, uid, true);
      const rubric = anchorRubric(session);
      // Anchor scores refer to the current rubric: an answer graded under an older one must be re-graded first.
      if (!sameRubricScale(resultRubric(sub.rubric, sub.category_scores), rubric)) throw new HttpError(409, P.olderRubric);
      const categories = finalScores(sub);
      const total = Math.round(categories.reduce((a, c) => a + c.score, 0) * 10) / 10;
      const scores = checkAnchorScores(total, categories, rubric);
      const content = (sub.essay_content ?? "").trim();
      longEnough(content);
      const [dup] = await sql`
        select 1 from public.session_anchors where session_id = ${sub.session_id} and content = ${content}`;
      if (dup) throw new HttpError(409, P.already);
      const [row] = await sql<AnchorRow[]>`
        insert into public.session_anchors (session_id, user_id, content, total_score, category_scores)
        values (${sub.session_id}, ${uid}, ${content}, ${scores.total}, ${sql.json(scores.categories as never)})
        returning id, content, total_score, category_scores, filename, created_at`;
      return row;
    });
    return json({ ...anchorJson(row), message: P.promoted }, 201);
  } catch (err) {
    const code = (err as { code?: string })?.code;
    if (code === "23514" && /anchor_limit/.test(String((err as Error).message))) throw new HttpError(409, M.limit);
    if (code === "23503") throw new HttpError(404, WORKSPACE_MESSAGES.sessionNotFound);
    throw err;
  }
}

export const routes: Route[] = [
  defineRoute({ method: "POST", path: "/submissions/:id/anchor", auth: "user", params, handler: promoteToAnchor }),
];
