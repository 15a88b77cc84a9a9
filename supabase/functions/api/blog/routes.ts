// Blog: public reads (published posts; admins see everything), admin writes, attachments.
import type { TransactionSql } from "postgres";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { adminSql } from "../lib/db.ts";
import { idParams, uuidParam } from "../lib/params.ts";
import { z } from "zod";
import { json } from "../lib/http.ts";
import { clientAddress } from "../lib/rate-limit.ts";
import { HttpError } from "../lib/errors.ts";
import { BLOG_MESSAGES, blogPostCreateSchema, blogPostUpdateSchema, isBlogCategory, type BlogPost } from "../../_shared/blog.ts";
import { isUniqueViolation } from "./db.ts";
import { type AttachmentRow, type PostRow, toAttachment, toPost } from "./mappers.ts";
import { storeAttachment } from "./attachments.ts";
import { removeBlogObjects } from "./storage.ts";

type Params = Record<string, string>;
type AdminCtx<P> = Ctx<P, AuthUser>;

const postParams = idParams(BLOG_MESSAGES.postNotFound);
const postIdParams = z.object({ postId: uuidParam(BLOG_MESSAGES.postNotFound) });
const attachmentParams = idParams(BLOG_MESSAGES.attachmentNotFound);

const POST_COLUMNS = `id, author_id, null::text as author_name, title, slug, excerpt, content, category, tags,
  featured_image, meta_title, meta_description, is_published, published_at, view_count, created_at, updated_at`;
const ATTACHMENT_COLUMNS = "id, blog_post_id, filename, filepath, file_type, mime_type, file_size, display_order, uploaded_at";

/**
 * Author display names (profiles are not readable by visitors, so this one lookup is privileged).
 * Only the display name is public: an author without one has no name here (the page shows the
 * editorial team), never the username, which is half of a login.
 */
async function withAuthors(rows: PostRow[]): Promise<BlogPost[]> {
  const ids = [...new Set(rows.map((r) => r.author_id).filter((v): v is string => !!v))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const found = await adminSql<{ id: string; name: string }[]>`
      select id, btrim(display_name) as name
        from public.profiles where id = any(${ids}::uuid[]) and nullif(btrim(display_name), '') is not null`;
    for (const f of found) names.set(f.id, f.name);
  }
  return rows.map((r) => toPost({ ...r, author_name: r.author_id ? (names.get(r.author_id) ?? null) : null }));
}

function postNotFound(): never {
  throw new HttpError(404, BLOG_MESSAGES.postNotFound);
}

async function findPostById(sql: TransactionSql, id: string): Promise<PostRow | null> {
  const rows = await sql<PostRow[]>`select ${sql.unsafe(POST_COLUMNS)} from public.blog_posts where id = ${id}`;
  return rows[0] ?? null;
}

async function slugTaken(sql: TransactionSql, slug: string, exceptId: string | null): Promise<boolean> {
  const rows = await sql`select 1 from public.blog_posts where slug = ${slug} and id is distinct from ${exceptId}::uuid`;
  return rows.length > 0;
}

/** GET /blog/posts?category=…&all=1 — newest first; `all=1` includes unpublished posts for admins (RLS). */
async function listPosts(ctx: Ctx<Params, AuthUser | null>): Promise<Response> {
  const category = ctx.url.searchParams.get("category");
  if (category && category !== "all" && !isBlogCategory(category)) {
    throw new HttpError(400, BLOG_MESSAGES.category);
  }
  const cat = category && category !== "all" ? category : null;
  const all = ctx.url.searchParams.get("all") === "1" && ctx.user !== null;
  const rows = await ctx.asCaller(
    (sql) => sql<PostRow[]>`
    select ${sql.unsafe(POST_COLUMNS)} from public.blog_posts
     where (${all} or is_published)
       and (${cat}::text is null or category = ${cat})
     order by ${all ? sql`created_at desc` : sql`published_at desc nulls last, created_at desc`}`,
  );
  return json(await withAuthors(rows));
}

/**
 * GET /blog/posts/:slug[?view=1] — unpublished posts are 404 except for admins.
 * `view=1` counts a view of a published post, at most one per visitor per post per day.
 */
async function getPost(ctx: Ctx<{ slug: string }, AuthUser | null>): Promise<Response> {
  const slug = ctx.params.slug;
  const countView = ctx.url.searchParams.get("view") === "1";
  const row = await ctx.asCaller(async (sql) => {
    const rows = await sql<PostRow[]>`select ${sql.unsafe(POST_COLUMNS)} from public.blog_posts where slug = ${slug}`;
    return rows[0] ?? null;
  });
  if (!row) postNotFound();
  if (countView && row.is_published) {
    // One view per visitor per post per Seoul day: the user id when signed in, else the client address
    // as our trusted proxies recorded it (clientAddress; the leftmost X-Forwarded-For entries are the client's own).
    const visitor = ctx.user ? `user:${ctx.user.id}` : `addr:${clientAddress(ctx.req)}`;
    const [{ count }] = await adminSql<{ count: number | null }[]>`select private.record_blog_view(${row.id}, ${visitor}) as count`;
    row.view_count = count ?? row.view_count;
  }
  const [post] = await withAuthors([row]);
  return json(post);
}

async function createPost(ctx: AdminCtx<Params>): Promise<Response> {
  const input = await ctx.json(blogPostCreateSchema);
  const user = ctx.user;
  try {
    const row = await ctx.asCaller(async (sql) => {
      if (await slugTaken(sql, input.slug, null)) throw new HttpError(409, BLOG_MESSAGES.slugTaken);
      const [post] = await sql<PostRow[]>`
        insert into public.blog_posts
          (author_id, title, slug, excerpt, content, category, tags, featured_image, meta_title, meta_description, is_published)
        values (${user.id}, ${input.title}, ${input.slug}, ${input.excerpt}, ${input.content}, ${input.category},
                ${input.tags}::text[], ${input.featuredImage}, ${input.metaTitle}, ${input.metaDescription},
                ${input.isPublished === 1})
        returning ${sql.unsafe(POST_COLUMNS)}`;
      if (input.attachmentIds.length > 0) {
        await sql`
          update public.blog_attachments set blog_post_id = ${post.id}
           where id = any(${input.attachmentIds}::uuid[]) and blog_post_id is null`;
      }
      return post;
    });
    const [post] = await withAuthors([row]);
    return json(post, 201);
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, BLOG_MESSAGES.slugTaken);
    throw err;
  }
}

async function updatePost(ctx: AdminCtx<{ id: string }>): Promise<Response> {
  const id = ctx.params.id;
  const input = await ctx.json(blogPostUpdateSchema);
  const has = (k: keyof typeof input) => Object.prototype.hasOwnProperty.call(input, k) && input[k] !== undefined;
  try {
    const row = await ctx.asCaller(async (sql) => {
      const current = await findPostById(sql, id);
      if (!current) postNotFound();
      if (has("slug") && input.slug !== current.slug && (await slugTaken(sql, input.slug!, id))) {
        throw new HttpError(409, BLOG_MESSAGES.slugTaken);
      }
      const [post] = await sql<PostRow[]>`
        update public.blog_posts set
          title            = case when ${has("title")} then ${input.title ?? null} else title end,
          slug             = case when ${has("slug")} then ${input.slug ?? null} else slug end,
          excerpt          = case when ${has("excerpt")} then ${input.excerpt ?? null} else excerpt end,
          content          = case when ${has("content")} then ${input.content ?? null} else content end,
          category         = case when ${has("category")} then ${input.category ?? null} else category end,
          tags             = case when ${has("tags")} then ${input.tags ?? []}::text[] else tags end,
          featured_image   = case when ${has("featuredImage") || input.featuredImage === null} then ${input.featuredImage ?? null} else featured_image end,
          meta_title       = case when ${has("metaTitle") || input.metaTitle === null} then ${input.metaTitle ?? null} else meta_title end,
          meta_description = case when ${has("metaDescription") || input.metaDescription === null} then ${input.metaDescription ?? null} else meta_description end,
          is_published     = case when ${has("isPublished")} then ${input.isPublished === 1} else is_published end
         where id = ${id}
        returning ${sql.unsafe(POST_COLUMNS)}`;
      return post;
    });
    const [post] = await withAuthors([row]);
    return json(post);
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, BLOG_MESSAGES.slugTaken);
    throw err;
  }
}

async function deletePost(ctx: AdminCtx<{ id: string }>): Promise<Response> {
  const id = ctx.params.id;
  const paths = await ctx.asCaller(async (sql) => {
    if (!(await findPostById(sql, id))) postNotFound();
    const files = await sql<{ filepath: string }[]>`select filepath from public.blog_attachments where blog_post_id = ${id}`;
    const deleted = await sql`delete from public.blog_posts where id = ${id} returning id`;
    if (deleted.length === 0) postNotFound();
    return files.map((f) => f.filepath);
  });
  await removeBlogObjects(ctx.user.token, paths);
  return json({ message: BLOG_MESSAGES.postDeleted });
}

/** GET /blog/:postId/attachments — anyone for a published post; admins for any post. */
async function listAttachments(ctx: Ctx<{ postId: string }, AuthUser | null>): Promise<Response> {
  const postId = ctx.params.postId;
  const rows = await ctx.asCaller(async (sql) => {
    if (!(await findPostById(sql, postId))) postNotFound();
    return await sql<AttachmentRow[]>`
      select ${sql.unsafe(ATTACHMENT_COLUMNS)} from public.blog_attachments
       where blog_post_id = ${postId}
       order by display_order, uploaded_at`;
  });
  return json(rows.map(toAttachment));
}

async function addAttachment(ctx: AdminCtx<{ postId: string }>): Promise<Response> {
  const postId = ctx.params.postId;
  const exists = await ctx.asCaller((sql) => findPostById(sql, postId));
  if (!exists) postNotFound();
  return json(await storeAttachment(ctx, postId), 201);
}

async function addTempAttachment(ctx: AdminCtx<Params>): Promise<Response> {
  return json(await storeAttachment(ctx, null), 201);
}

async function deleteAttachment(ctx: AdminCtx<{ id: string }>): Promise<Response> {
  const id = ctx.params.id;
  const rows = await ctx.asCaller(
    (sql) => sql<{ filepath: string }[]>`
    delete from public.blog_attachments where id = ${id} returning filepath`,
  );
  if (rows.length === 0) throw new HttpError(404, BLOG_MESSAGES.attachmentNotFound);
  await removeBlogObjects(
    ctx.user.token,
    rows.map((r) => r.filepath),
  );
  return json({ message: BLOG_MESSAGES.attachmentDeleted });
}

export const routes: Route[] = [
  defineRoute({ method: "GET", path: "/blog/posts", auth: "optional", handler: listPosts }),
  defineRoute({ method: "GET", path: "/blog/posts/:slug", auth: "optional", handler: getPost }),
  defineRoute({ method: "POST", path: "/blog/posts", auth: "admin", handler: createPost }),
  defineRoute({ method: "PUT", path: "/blog/posts/:id", auth: "admin", params: postParams, handler: updatePost }),
  defineRoute({ method: "DELETE", path: "/blog/posts/:id", auth: "admin", params: postParams, handler: deletePost }),
  defineRoute({ method: "GET", path: "/blog/:postId/attachments", auth: "optional", params: postIdParams, handler: listAttachments }),
  defineRoute({ method: "POST", path: "/blog/:postId/attachments", auth: "admin", params: postIdParams, handler: addAttachment }),
  defineRoute({ method: "POST", path: "/blog/temp-attachments", auth: "admin", handler: addTempAttachment }),
  defineRoute({ method: "DELETE", path: "/blog/attachments/:id", auth: "admin", params: attachmentParams, handler: deleteAttachment }),
];
