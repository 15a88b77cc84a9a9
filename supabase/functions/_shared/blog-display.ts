// The blog's display helpers (categories, attachment links and sizes), apart from blog.ts's zod
// schemas: the public blog pages use these and so do not load zod.
import type { BlogAttachment } from "./types.ts";

export const BLOG_CATEGORIES = ["essay-tips", "admission-info", "platform-guide", "education-news"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const BLOG_CATEGORY_LABELS: Record<BlogCategory, string> = {
  "essay-tips": "작문 팁",
  "admission-info": "입시 정보",
  "platform-guide": "플랫폼 가이드",
  "education-news": "교육 뉴스",
};

export const DEFAULT_BLOG_CATEGORY: BlogCategory = "essay-tips";

export function isBlogCategory(value: unknown): value is BlogCategory {
  return typeof value === "string" && (BLOG_CATEGORIES as readonly string[]).includes(value);
}

export function blogCategoryLabel(value: string): string {
  return isBlogCategory(value) ? BLOG_CATEGORY_LABELS[value] : value;
}

/** Attachment JSON of the API: the client view (docs/product.md#blog-attachment) plus mime type, owner post and order. */
export interface BlogAttachmentJson extends BlogAttachment {
  blogPostId: string | null;
  mimeType: string;
  displayOrder: number;
  uploadedAt: string;
}

/**
 * `url` plus `download=<file name>` (URL-encoded), joined with `?` or `&` as the URL needs: Storage
 * answers `Content-Disposition: attachment; filename=<that name>`, so the file saves under its own name.
 */
export function attachmentDownloadUrl(url: string, filename: string): string {
  return url + (url.includes("?") ? "&" : "?") + "download=" + encodeURIComponent(filename);
}

/** Size in KB with one decimal (docs/product.md#limits). */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
