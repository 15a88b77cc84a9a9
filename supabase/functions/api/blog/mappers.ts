// Row → API JSON for blog posts and attachments.
import type { BlogAttachmentJson, BlogPost } from "../../_shared/blog.ts";
import type { DbRow } from "../../_shared/db-rows.ts";
import { iso } from "../lib/http.ts";
import { blogPublicUrl } from "./storage.ts";

/** A blog_posts row (generated types) plus the author's display name joined in. */
export type PostRow = DbRow<"blog_posts", "published_at" | "created_at" | "updated_at"> & { author_name: string | null };

export function toPost(r: PostRow): BlogPost {
  return {
    id: r.id,
    authorId: r.author_id,
    authorName: r.author_name,
    title: r.title,
    slug: r.slug,
    excerpt: r.excerpt,
    content: r.content,
    category: r.category as BlogPost["category"],
    tags: r.tags ?? [],
    featuredImage: r.featured_image,
    metaTitle: r.meta_title,
    metaDescription: r.meta_description,
    isPublished: r.is_published ? 1 : 0,
    publishedAt: iso(r.published_at),
    viewCount: r.view_count,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

/** A blog_attachments row (generated types); file_type is checked to one of two values by the table. */
export type AttachmentRow = Omit<DbRow<"blog_attachments", "uploaded_at">, "file_type"> & { file_type: "image" | "document" };

export function toAttachment(r: AttachmentRow): BlogAttachmentJson {
  return {
    id: r.id,
    blogPostId: r.blog_post_id,
    filename: r.filename,
    fileType: r.file_type,
    mimeType: r.mime_type ?? "application/octet-stream",
    fileSize: r.file_size,
    displayOrder: r.display_order,
    uploadedAt: iso(r.uploaded_at)!,
    url: blogPublicUrl(r.filepath),
  };
}
