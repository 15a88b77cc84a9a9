// Deleting the answers a teacher selected in one session, in one transaction (all or nothing), each
// as DELETE /submissions/:id does one: its use given back when no worker has claimed it yet, its
// result cascading, its stored original removed.
import { adminSql } from "../lib/db.ts";
import { json } from "../lib/http.ts";
import { type AuthUser, type Ctx, defineRoute, type Route } from "../lib/types.ts";
import { ownSession, sessionParams, userId } from "../lib/workspace/sessions.ts";
import { lockSelectedAnswers } from "../lib/workspace/selection.ts";
import { deleteAnswerRows, removeAnswerFiles } from "../lib/workspace/delete-answers.ts";
import { BULK_MESSAGES as B, type BulkDeleteResult, bulkSubmissionsBodySchema } from "../../_shared/bulk.ts";

/** POST /sessions/:id/submissions/delete { submissionIds } (a sample session's answers may be deleted too). */
async function deleteSelected(ctx: Ctx<{ id: string }, AuthUser>): Promise<Response> {
  const uid = userId(ctx);
  const { submissionIds } = await ctx.json(bulkSubmissionsBodySchema);
  const s = await ownSession(ctx, ctx.params.id);
  const deleted = await adminSql.begin(async (sql) => {
    const answers = await lockSelectedAnswers(sql, s.id, uid, submissionIds);
    return await deleteAnswerRows(
      sql,
      uid,
      answers.map((a) => a.id),
    );
  });
  await removeAnswerFiles(uid, deleted);
  const usesReturned = deleted.filter((r) => r.use_returned).length;
  const body: BulkDeleteResult = { deleted: deleted.length, usesReturned, message: B.deleted(deleted.length) };
  return json(body);
}

export const bulkDeleteRoutes: Route[] = [
  defineRoute({ method: "POST", path: "/sessions/:id/submissions/delete", auth: "user", params: sessionParams, handler: deleteSelected }),
];
