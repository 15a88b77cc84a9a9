// Upload flow shared by POST /blog/:postId/attachments and POST /blog/temp-attachments.
import type { AuthUser, Ctx } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { BLOG_ATTACHMENT_MAX_BYTES, BLOG_MESSAGES, type BlogAttachmentJson } from "../../_shared/blog.ts";
import { sniffAttachment } from "./file-type.ts";
import { removeBlogObjects, uploadBlogObject } from "./storage.ts";
import { type AttachmentRow, toAttachment } from "./mappers.ts";

/** Multipart overhead allowed on top of the file itself before the body is read at all. */
const FORM_OVERHEAD = 64 * 1024;

export function cleanFilename(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex -- control characters are stripped on purpose
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  const cut = base.slice(0, 200);
  return cut || `attachment.${ext}`;
}

export async function readUpload(ctx: Ctx<unknown, AuthUser | null>): Promise<{ file: File; bytes: Uint8Array }> {
  const declared = Number(ctx.req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > BLOG_ATTACHMENT_MAX_BYTES + FORM_OVERHEAD) {
    throw new HttpError(413, BLOG_MESSAGES.fileTooLarge);
  }
  const form = await ctx.form();
  const file = form.get("file");
  if (!(file instanceof File)) throw new HttpError(400, BLOG_MESSAGES.fileMissing);
  if (file.size > BLOG_ATTACHMENT_MAX_BYTES) throw new HttpError(413, BLOG_MESSAGES.fileTooLarge);
  if (file.size === 0) throw new HttpError(400, BLOG_MESSAGES.emptyFile);
  return { file, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * Sniffs, stores and records one attachment. `postId` null = temporary attachment.
 * The row is inserted as the caller (RLS: admins only); the file is removed again if that fails.
 */
export async function storeAttachment(ctx: Ctx<unknown, AuthUser>, postId: string | null): Promise<BlogAttachmentJson> {
  const { file, bytes } = await readUpload(ctx);
  const sniffed = await sniffAttachment(bytes);
  if (!sniffed) throw new HttpError(400, BLOG_MESSAGES.fileType);

  const user = ctx.user;
  const path = `attachments/${crypto.randomUUID()}.${sniffed.ext}`;
  const contentType = sniffed.mime === "text/plain" ? "text/plain; charset=utf-8" : sniffed.mime;
  await uploadBlogObject(user.token, path, bytes, contentType);

  try {
    const rows = await ctx.asCaller(
      (sql) => sql<AttachmentRow[]>`
      insert into public.blog_attachments
        (blog_post_id, uploaded_by, filename, filepath, file_type, mime_type, file_size, display_order)
      values (
        ${postId}, ${user.id}, ${cleanFilename(file.name, sniffed.ext)}, ${path}, ${sniffed.fileType},
        ${sniffed.mime}, ${bytes.byteLength},
        coalesce((select max(display_order) + 1 from public.blog_attachments where blog_post_id = ${postId}), 0)
      )
      returning id, blog_post_id, filename, filepath, file_type, mime_type, file_size, display_order, uploaded_at`,
    );
    return toAttachment(rows[0]);
  } catch (err) {
    await removeBlogObjects(user.token, [path]);
    throw err;
  }
}
