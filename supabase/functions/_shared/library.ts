// The rubric library (평가 기준 보관함) and the comment bank (코멘트 은행): bounds, Korean messages, the zod
// schemas of their forms and the JSON the API answers with; one source for the SPA and the API
// (/api/rubrics*, /api/comments*). A rubric's criteria are a session's rubric (rubricSchema); the database
// checks the same bounds (migration 20261122000370_library.sql).
import { z } from "zod";
import type { RubricCategory } from "./grading.ts";
import { rubricSchema } from "./session-setup.ts";

export const LIBRARY_LIMITS = {
  nameChars: 50,
  descriptionChars: 300,
  commentChars: 500,
  categoryChars: 40,
  /** Per author, personal and shared together (a trigger in the database). */
  maxRubrics: 200,
  maxComments: 1000,
} as const;

const L = LIBRARY_LIMITS;

/** Categories offered for a saved comment besides the rubric's categories. */
export const COMMENT_KINDS = ["잘한 점", "고칠 점"] as const;

export const LIBRARY_MESSAGES = {
  invalidBody: "입력 내용이 올바르지 않습니다.",
  nothingToChange: "바꿀 내용이 없습니다.",
  nameRequired: "평가 기준 이름을 입력해 주세요.",
  nameTooLong: `평가 기준 이름은 ${L.nameChars}자까지 입력할 수 있습니다.`,
  descriptionTooLong: `설명은 ${L.descriptionChars}자까지 입력할 수 있습니다.`,
  commentRequired: "코멘트 내용을 입력해 주세요.",
  commentTooLong: `코멘트는 ${L.commentChars}자까지 저장할 수 있습니다.`,
  categoryTooLong: `분류는 ${L.categoryChars}자까지 입력할 수 있습니다.`,
  rubricNotFound: "평가 기준을 찾을 수 없습니다.",
  commentNotFound: "저장된 코멘트를 찾을 수 없습니다.",
  builtInReadOnly: "기본 템플릿은 고치거나 지울 수 없습니다. 불러온 뒤 내 기준으로 저장해 고쳐 주세요.",
  notEditor: "이 평가 기준은 기관의 소유자·관리자와 만든 사람만 고치거나 지울 수 있습니다.",
  notCommentEditor: "이 코멘트는 기관의 소유자·관리자와 저장한 사람만 지울 수 있습니다.",
  guestRubric: "평가 기준은 회원만 저장할 수 있습니다. 회원 가입 후 이용해 주세요.",
  guestComment: "코멘트는 회원만 저장할 수 있습니다. 회원 가입 후 이용해 주세요.",
  shareNeedsOrg: "기관 공간을 선택한 뒤 기관과 공유할 수 있습니다.",
  shareRubricRole: "기관의 평가 기준은 소유자와 관리자만 공유할 수 있습니다.",
  tooManyRubrics: `평가 기준은 ${L.maxRubrics}개까지 저장할 수 있습니다. 쓰지 않는 기준을 지운 뒤 다시 저장해 주세요.`,
  tooManyComments: `코멘트는 ${L.maxComments.toLocaleString("ko-KR")}개까지 저장할 수 있습니다. 쓰지 않는 코멘트를 지운 뒤 다시 저장해 주세요.`,
  commentDuplicate: "이미 코멘트 은행에 저장된 코멘트입니다.",
  rubricSaved: "평가 기준을 저장했습니다.",
  rubricUpdated: "평가 기준을 고쳤습니다.",
  rubricDeleted: "평가 기준을 삭제했습니다.",
  commentSaved: "코멘트를 코멘트 은행에 저장했습니다.",
  commentDeleted: "저장된 코멘트를 삭제했습니다.",
} as const;

const M = LIBRARY_MESSAGES;

/** Trims and composes (NFC), as the database stores it. */
const clean = (s: string) => s.normalize("NFC").trim();

const nameSchema = z
  .string({ error: M.nameRequired })
  .max(L.nameChars * 4, M.nameTooLong)
  .transform((s) => clean(s).replace(/\s+/g, " "))
  .pipe(z.string().min(1, M.nameRequired).max(L.nameChars, M.nameTooLong));

const descriptionSchema = z
  .string({ error: M.descriptionTooLong })
  .max(L.descriptionChars * 4, M.descriptionTooLong)
  .transform(clean)
  .pipe(z.string().max(L.descriptionChars, M.descriptionTooLong));

/** POST /api/rubrics: a name, an optional description, the criteria (a session's rubric), shared with the active organisation or not. */
export const rubricInputSchema = z
  .object(
    {
      name: nameSchema,
      description: descriptionSchema.optional().default(""),
      criteria: rubricSchema,
      shared: z.boolean().optional().default(false),
    },
    { error: M.invalidBody },
  )
  .strict();

/** PATCH /api/rubrics/:id: any of name, description, criteria (the space it is in does not change). */
export const rubricPatchSchema = z
  .object(
    { name: nameSchema.optional(), description: descriptionSchema.optional(), criteria: rubricSchema.optional() },
    { error: M.invalidBody },
  )
  .strict()
  .refine((b) => b.name !== undefined || b.description !== undefined || b.criteria !== undefined, { message: M.nothingToChange });

export const commentCategorySchema = z
  .string({ error: M.categoryTooLong })
  .max(L.categoryChars * 4, M.categoryTooLong)
  .transform((s) => clean(s).replace(/\s+/g, " "))
  .pipe(z.string().max(L.categoryChars, M.categoryTooLong))
  .transform((s) => s || null);

/** POST /api/comments: the comment, an optional category, shared with the active organisation or not. */
export const commentInputSchema = z
  .object(
    {
      text: z
        .string({ error: M.commentRequired })
        .max(L.commentChars * 4, M.commentTooLong)
        .transform(clean)
        .pipe(z.string().min(1, M.commentRequired).max(L.commentChars, M.commentTooLong)),
      category: commentCategorySchema
        .nullable()
        .optional()
        .transform((c) => c ?? null),
      shared: z.boolean().optional().default(false),
    },
    { error: M.invalidBody },
  )
  .strict();

export type RubricInput = z.input<typeof rubricInputSchema>;
export type RubricPatch = z.input<typeof rubricPatchSchema>;
export type CommentInput = z.input<typeof commentInputSchema>;

/** A rubric as GET /api/rubrics lists it: a built-in template, one of mine, or the active organisation's. */
export interface LibraryRubric {
  /** A UUID, or `builtin-…` for a template. */
  id: string;
  name: string;
  description: string;
  criteria: RubricCategory[];
  /** A built-in template: read-only, loaded as a starting point. */
  builtIn: boolean;
  /** The active organisation's (false: a template or my personal one). */
  shared: boolean;
  /** I wrote it. */
  mine: boolean;
  /** I may change and delete it. */
  canEdit: boolean;
  updatedAt: string | null;
}

/** A saved comment as GET /api/comments lists it: mine, or the active organisation's. */
export interface SavedComment {
  id: string;
  text: string;
  category: string | null;
  shared: boolean;
  mine: boolean;
  canDelete: boolean;
  createdAt: string;
}
