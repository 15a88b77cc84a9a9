// The comment bank: GET /comments?category= (mine and the active organisation's), POST /comments (★ while
// reviewing, or the library page), DELETE /comments/:id. Written as the caller: the policies of
// public.comment_bank decide (migration 20261122000370_library.sql); their refusals are answered in Korean.
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { iso, json } from "../lib/http.ts";
import { HttpError } from "../lib/errors.ts";
import { activeOrg, type ActiveOrg } from "../lib/orgs/active.ts";
import { idParams } from "../lib/params.ts";
import { commentCategorySchema, commentInputSchema, LIBRARY_MESSAGES as M, type SavedComment } from "../../_shared/library.ts";

type UserCtx = Ctx<Record<string, string>, AuthUser>;
type CommentCtx = Ctx<{ id: string }, AuthUser>;

interface CommentRow {
  id: string;
  user_id: string | null;
  org_id: string | null;
  text: string;
  category: string | null;
  created_at: Date | string;
}

const COLUMNS = ["id", "user_id", "org_id", "text", "category", "created_at"] as const;

function commentJson(r: CommentRow, userId: string, org: ActiveOrg | null): SavedComment {
  const manages = org?.id === r.org_id && (org?.role === "owner" || org?.role === "manager");
  return {
    id: r.id,
    text: r.text,
    category: r.category,
    shared: r.org_id !== null,
    mine: r.user_id === userId,
    canDelete: r.user_id === userId || manages,
    createdAt: iso(r.created_at)!,
  };
}

/** Mine (personal) and the active organisation's, newest first; `?category=` keeps one category. */
async function listComments(ctx: UserCtx): Promise<Response> {
  const org = await activeOrg(ctx);
  const raw = ctx.url.searchParams.get("category");
  const category = raw === null ? null : commentCategorySchema.parse(raw);
  const rows = await ctx.asCaller(
    (sql) => sql<CommentRow[]>`
      select ${sql(COLUMNS)} from public.comment_bank
       where ((org_id is null and user_id = ${ctx.user.id}) or org_id = ${org?.id ?? null})
         and (${category}::text is null or category = ${category})
       order by created_at desc, id`,
  );
  return json({ comments: rows.map((r) => commentJson(r, ctx.user.id, org)) });
}

async function createComment(ctx: UserCtx): Promise<Response> {
  if (ctx.user.isAnonymous) throw new HttpError(403, M.guestComment);
  const body = await ctx.json(commentInputSchema);
  const org = await activeOrg(ctx);
  if (body.shared && !org) throw new HttpError(400, M.shareNeedsOrg);
  const [row] = await ctx
    .asCaller(
      (sql) => sql<CommentRow[]>`
      insert into public.comment_bank (org_id, text, category)
      values (${body.shared ? org!.id : null}, ${body.text}, ${body.category})
      returning ${sql(COLUMNS)}`,
    )
    .catch((err) => {
      const code = (err as { code?: string })?.code;
      if (code === "23505") throw new HttpError(409, M.commentDuplicate);
      if (code === "54000") throw new HttpError(409, M.tooManyComments);
      if (code === "42501") throw new HttpError(403, M.guestComment);
      throw err;
    });
  return json({ comment: commentJson(row!, ctx.user.id, org), message: M.commentSaved }, 201);
}

/** Deletes a saved comment: 404 when the caller does not see it, 403 when they may not delete it. */
async function deleteComment(ctx: CommentCtx): Promise<Response> {
  await ctx.asCaller(async (sql) => {
    const [seen] = await sql`select id from public.comment_bank where id = ${ctx.params.id}`;
    if (!seen) throw new HttpError(404, M.commentNotFound);
    const [gone] = await sql`delete from public.comment_bank where id = ${ctx.params.id} returning id`;
    if (!gone) throw new HttpError(403, M.notCommentEditor);
  });
  return json({ success: true, message: M.commentDeleted });
}

export const routes: Route[] = [
  defineRoute({ method: "GET", path: "/comments", auth: "user", handler: listComments }),
  defineRoute({ method: "POST", path: "/comments", auth: "user", handler: createComment }),
  defineRoute({ method: "DELETE", path: "/comments/:id", auth: "user", params: idParams(M.commentNotFound), handler: deleteComment }),
];
