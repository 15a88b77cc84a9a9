// Row → API JSON for blog posts and attachments.
import type { BlogAttachmentJson, BlogPost } from "../../_shared/blog.ts";
import { blogPublicUrl } from "./storage.ts";

const iso = (v: unknown): string | null => (v == null ? null : new Date(v as string).toISOString());

export interface PostRow {
  id: string;
  author_id: string | null;
  author_name: string | null;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: string;
  tags: string[] | null;
  featured_image: string | null;
  meta_title: string | null;
  meta_description: string | null;
  is_published: boolean;
  published_at: Date | string | null;
  view_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

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

export interface AttachmentRow {
  id: string;
  blog_post_id: string | null;
  filename: string;
  filepath: string;
  file_type: "image" | "document";
  mime_type: string | null;
  file_size: number;
  display_order: number;
  uploaded_at: Date | string;
}

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
