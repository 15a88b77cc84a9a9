import { z } from "zod";
import { BLOG_CATEGORIES } from "./blog-display.ts";
import { SLUG_PATTERN } from "./slug.ts";

export * from "./blog-display.ts";

/** Attachments: 10 MB, images / pdf / txt / docx (decided from the bytes on the server). */
export const BLOG_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const BLOG_ATTACHMENT_ACCEPT = "image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp,.pdf,.txt,.docx";

export const BLOG_MESSAGES = {
  required: "제목, 슬러그, 발췌, 내용은 필수 항목입니다.",
  titleRequired: "제목을 입력해주세요",
  slugRequired: "슬러그를 입력해주세요",
  slugFormat: "슬러그는 영문 소문자, 숫자, 한글과 하이픈(-)만 사용할 수 있습니다",
  excerptRequired: "발췌를 입력해주세요",
  contentRequired: "내용을 입력해주세요",
  category: "올바른 카테고리를 선택해주세요",
  featuredImage: "대표 이미지 URL은 http:// 또는 https:// 주소여야 합니다",
  tooLong: "입력값이 너무 깁니다",
  slugTaken: "이미 사용 중인 슬러그입니다. 다른 슬러그를 입력해주세요.",
  postNotFound: "게시글을 찾을 수 없습니다.",
  attachmentNotFound: "첨부파일을 찾을 수 없습니다.",
  fileMissing: "업로드할 파일을 선택해주세요.",
  fileTooLarge: "파일 크기는 10MB를 초과할 수 없습니다.",
  fileType: "이미지, PDF, TXT, DOCX 파일만 업로드할 수 있습니다.",
  emptyFile: "빈 파일은 업로드할 수 없습니다.",
  postDeleted: "블로그 글이 삭제되었습니다.",
  attachmentDeleted: "파일이 삭제되었습니다.",
} as const;

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** A string or null; blank becomes null. Wrap in `.optional()` for partial updates. */
const nullableText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .transform((v) => (v == null ? null : v.trim() || null))
    .refine((v) => v == null || v.length <= max, BLOG_MESSAGES.tooLong);
const imageUrl = nullableText(2000).refine((v) => v == null || isHttpUrl(v), BLOG_MESSAGES.featuredImage);

const flag = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => (v === true || v === 1 ? 1 : 0));

export const blogPostFieldsSchema = z.object({
  title: z.string({ error: BLOG_MESSAGES.titleRequired }).trim().min(1, BLOG_MESSAGES.titleRequired).max(200, BLOG_MESSAGES.tooLong),
  slug: z
    .string({ error: BLOG_MESSAGES.slugRequired })
    .trim()
    .min(1, BLOG_MESSAGES.slugRequired)
    .max(200, BLOG_MESSAGES.tooLong)
    .regex(SLUG_PATTERN, BLOG_MESSAGES.slugFormat),
  excerpt: z.string({ error: BLOG_MESSAGES.excerptRequired }).trim().min(1, BLOG_MESSAGES.excerptRequired).max(1000, BLOG_MESSAGES.tooLong),
  content: z
    .string({ error: BLOG_MESSAGES.contentRequired })
    .min(1, BLOG_MESSAGES.contentRequired)
    .max(200_000, BLOG_MESSAGES.tooLong)
    .refine((v) => v.trim().length > 0, BLOG_MESSAGES.contentRequired),
  category: z.enum(BLOG_CATEGORIES, { error: BLOG_MESSAGES.category }),
  tags: z
    .array(z.string().max(50, BLOG_MESSAGES.tooLong))
    .max(30, BLOG_MESSAGES.tooLong)
    .optional()
    .transform((tags) => (tags ?? []).map((t) => t.trim()).filter(Boolean)),
  featuredImage: imageUrl.optional().transform((v) => v ?? null),
  metaTitle: nullableText(200)
    .optional()
    .transform((v) => v ?? null),
  metaDescription: nullableText(500)
    .optional()
    .transform((v) => v ?? null),
  isPublished: flag.optional().transform((v) => v ?? 0),
});

/** POST /blog/posts */
export const blogPostCreateSchema = blogPostFieldsSchema.extend({
  attachmentIds: z
    .array(z.uuid())
    .max(100)
    .optional()
    .transform((v) => v ?? []),
});
export type BlogPostCreateInput = z.input<typeof blogPostCreateSchema>;
export type BlogPostCreate = z.output<typeof blogPostCreateSchema>;

/** PUT /blog/posts/:id — every field optional; only present keys change. */
export const blogPostUpdateSchema = z.object({
  title: blogPostFieldsSchema.shape.title.optional(),
  slug: blogPostFieldsSchema.shape.slug.optional(),
  excerpt: blogPostFieldsSchema.shape.excerpt.optional(),
  content: blogPostFieldsSchema.shape.content.optional(),
  category: blogPostFieldsSchema.shape.category.optional(),
  tags: z
    .array(z.string().max(50, BLOG_MESSAGES.tooLong))
    .max(30, BLOG_MESSAGES.tooLong)
    .transform((tags) => tags.map((t) => t.trim()).filter(Boolean))
    .optional(),
  featuredImage: imageUrl.optional(),
  metaTitle: nullableText(200).optional(),
  metaDescription: nullableText(500).optional(),
  isPublished: flag.optional(),
});
export type BlogPostUpdateInput = z.input<typeof blogPostUpdateSchema>;

/** Split the admin form's comma-separated tags (docs/product.md#blog-posts): trimmed, empties dropped. */
export function splitTags(input: string): string[] {
  return input
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}

export type { BlogPost } from "./types.ts";
