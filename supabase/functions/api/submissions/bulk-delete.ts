// Deleting the answers a teacher selected in one session, in one transaction (all or nothing), each
// as DELETE /submissions/:id does one: its use given back when no worker has claimed it yet, its
// result cascading, its stored original removed.
import { adminSql } from "../lib/db.ts";
import { json } from "../lib/http.ts";
import { removeObjects } from "../lib/storage.ts";
import { type AuthUser, type Ctx, defineRoute, type Route } from "../lib/types.ts";
import { ownedSession, sessionParams, userId } from "../lib/workspace/sessions.ts";
import { lockSelectedAnswers } from "../lib/workspace/selection.ts";
import { BULK_MESSAGES as B, type BulkDeleteResult, bulkSubmissionsBodySchema } from "../../_shared/bulk.ts";

/** POST /sessions/:id/submissions/delete { submissionIds } (a sample session's answers may be deleted too). */
async function deleteSelected(ctx: Ctx<{ id: string }, AuthUser>): Promise<Response> {
  const uid = userId(ctx);
  const { submissionIds } = await ctx.json(bulkSubmissionsBodySchema);
  const s = await ownedSession(ctx, ctx.params.id);
  const { paths, usesReturned } = await adminSql.begin(async (sql) => {
    const answers = await lockSelectedAnswers(sql, s.id, uid, submissionIds);
    const ids = answers.map((a) => a.id);
    const [{ n }] = await sql<{ n: number }[]>`
      select count(*) filter (where private.release_unclaimed_usage(x.id))::int as n
        from unnest(${ids}::uuid[]) as x(id)`;
    await sql`delete from public.essay_submissions where id = any(${ids}::uuid[])`;
    return { paths: answers.map((a) => a.essay_file_path), usesReturned: n };
  });
  await removeObjects(paths, { ownerId: uid, sessionId: s.id, roles: ["essay"] });
  const body: BulkDeleteResult = { deleted: paths.length, usesReturned, message: B.deleted(paths.length) };
  return json(body);
}

export const bulkDeleteRoutes: Route[] = [
  defineRoute({ method: "POST", path: "/sessions/:id/submissions/delete", auth: "user", params: sessionParams, handler: deleteSelected }),
];
