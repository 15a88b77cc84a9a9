// Teacher review (검토) of a report and read-only student links: the request body the API accepts
// (one zod schema for the server and the SPA) and what the report returns beside the reviewed version.
import { z } from "zod";
import { ANNOTATION_KINDS, type Annotation, type CategoryScore, type ReportData, type ResultFeedback } from "./grading.ts";

export const REVIEW_LIMITS = {
  /** Items per list (strengths, improvement areas, suggestions). */
  listItems: 20,
  /** Characters per list item. */
  itemChars: 500,
  /** Characters of a category's feedback. */
  feedbackChars: 2000,
  /** Characters of the overall feedback (종합 평가). */
  detailedFeedbackChars: 5000,
  /** Annotations in a reviewed report (the graders keep at most 15). */
  annotations: 40,
  quoteChars: 400,
  commentChars: 300,
  rewriteChars: 400,
  /** Share link lifetime, days. */
  shareMinDays: 1,
  shareMaxDays: 90,
  shareDefaultDays: 14,
} as const;

export const REVIEW_MESSAGES = {
  invalidBody: "검토 내용이 올바르지 않습니다.",
  scoreNotNumber: "점수는 숫자로 입력해 주세요.",
  scoreNegative: "점수는 0점 이상이어야 합니다.",
  scoreStep: "점수는 소수점 첫째 자리까지 입력할 수 있습니다.",
  textTooLong: "입력한 내용이 너무 깁니다.",
  tooManyItems: `항목은 ${REVIEW_LIMITS.listItems}개까지 입력할 수 있습니다.`,
  feedbackTooLong: `종합 평가는 ${REVIEW_LIMITS.detailedFeedbackChars.toLocaleString("ko-KR")}자까지 입력할 수 있습니다.`,
  tooManyAnnotations: `첨삭 표시는 ${REVIEW_LIMITS.annotations}개까지 추가할 수 있습니다.`,
  annotationKind: "첨삭 종류는 잘한 점, 고칠 점, 질문 중 하나여야 합니다.",
  commentRequired: "첨삭 내용을 입력해 주세요.",
  commentTooLong: `첨삭 내용은 ${REVIEW_LIMITS.commentChars}자까지 입력할 수 있습니다.`,
  rewriteTooLong: `고쳐 쓰기는 ${REVIEW_LIMITS.rewriteChars}자까지 입력할 수 있습니다.`,
  quoteTooLong: `첨삭할 부분은 ${REVIEW_LIMITS.quoteChars}자까지 선택할 수 있습니다.`,
  shareDays: `링크 유효 기간은 ${REVIEW_LIMITS.shareMinDays}일에서 ${REVIEW_LIMITS.shareMaxDays}일 사이로 정해 주세요.`,
} as const;

const score = z
  .number({ error: REVIEW_MESSAGES.scoreNotNumber })
  .min(0, { error: REVIEW_MESSAGES.scoreNegative })
  .refine((n) => Math.abs(Math.round(n * 10) - n * 10) < 1e-6, { error: REVIEW_MESSAGES.scoreStep });

const item = z.string({ error: REVIEW_MESSAGES.invalidBody }).max(REVIEW_LIMITS.itemChars, { error: REVIEW_MESSAGES.textTooLong });
const list = z.array(item, { error: REVIEW_MESSAGES.invalidBody }).max(REVIEW_LIMITS.listItems, { error: REVIEW_MESSAGES.tooManyItems });

/** One annotation as the teacher sends it; the server checks it against the answer and the rubric. */
export const reviewAnnotationSchema = z.object({
  start: z
    .number({ error: REVIEW_MESSAGES.invalidBody })
    .int({ error: REVIEW_MESSAGES.invalidBody })
    .min(0, { error: REVIEW_MESSAGES.invalidBody }),
  end: z
    .number({ error: REVIEW_MESSAGES.invalidBody })
    .int({ error: REVIEW_MESSAGES.invalidBody })
    .min(1, { error: REVIEW_MESSAGES.invalidBody }),
  quote: z
    .string({ error: REVIEW_MESSAGES.invalidBody })
    .min(1, { error: REVIEW_MESSAGES.invalidBody })
    .max(REVIEW_LIMITS.quoteChars, { error: REVIEW_MESSAGES.quoteTooLong }),
  kind: z.enum(ANNOTATION_KINDS, { error: REVIEW_MESSAGES.annotationKind }),
  category: z.string({ error: REVIEW_MESSAGES.invalidBody }).max(100, { error: REVIEW_MESSAGES.textTooLong }),
  comment: z
    .string({ error: REVIEW_MESSAGES.commentRequired })
    .trim()
    .min(1, { error: REVIEW_MESSAGES.commentRequired })
    .max(REVIEW_LIMITS.commentChars, { error: REVIEW_MESSAGES.commentTooLong }),
  rewrite: z
    .string({ error: REVIEW_MESSAGES.invalidBody })
    .max(REVIEW_LIMITS.rewriteChars, { error: REVIEW_MESSAGES.rewriteTooLong })
    .nullable()
    .optional(),
});
export type ReviewAnnotationInput = z.infer<typeof reviewAnnotationSchema>;

/** PUT /submissions/:id/review: the whole reviewed version (the total is computed by the server). */
export const reviewBodySchema = z.object(
  {
    categories: z
      .array(
        z.object({
          name: z.string({ error: REVIEW_MESSAGES.invalidBody }).max(100, { error: REVIEW_MESSAGES.textTooLong }),
          score,
          feedback: z
            .string({ error: REVIEW_MESSAGES.invalidBody })
            .max(REVIEW_LIMITS.feedbackChars, { error: REVIEW_MESSAGES.textTooLong }),
        }),
        { error: REVIEW_MESSAGES.invalidBody },
      )
      .max(30, { error: REVIEW_MESSAGES.invalidBody }),
    strengths: list,
    improvementAreas: list,
    detailedFeedback: z
      .string({ error: REVIEW_MESSAGES.invalidBody })
      .max(REVIEW_LIMITS.detailedFeedbackChars, { error: REVIEW_MESSAGES.feedbackTooLong }),
    suggestions: list,
    annotations: z
      .array(reviewAnnotationSchema, { error: REVIEW_MESSAGES.invalidBody })
      .max(REVIEW_LIMITS.annotations, { error: REVIEW_MESSAGES.tooManyAnnotations }),
  },
  { error: REVIEW_MESSAGES.invalidBody },
);
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/** The review body that keeps a report as it stands: its own arrays (safe to edit), annotations without ids. */
export function reviewBodyFromReport(r: ReviewedReport): ReviewBody {
  return {
    categories: r.categories.map((c) => ({ name: c.name, score: c.score, feedback: c.feedback })),
    strengths: [...r.strengths],
    improvementAreas: [...r.improvementAreas],
    detailedFeedback: r.detailedFeedback,
    suggestions: [...r.suggestions],
    annotations: r.annotations.map(({ start, end, quote, kind, category, comment, rewrite }) => ({
      start,
      end,
      quote,
      kind,
      category,
      comment,
      rewrite,
    })),
  };
}

/** POST /submissions/:id/share */
export const shareBodySchema = z.object(
  {
    expiresInDays: z
      .number({ error: REVIEW_MESSAGES.shareDays })
      .int({ error: REVIEW_MESSAGES.shareDays })
      .min(REVIEW_LIMITS.shareMinDays, { error: REVIEW_MESSAGES.shareDays })
      .max(REVIEW_LIMITS.shareMaxDays, { error: REVIEW_MESSAGES.shareDays })
      .default(REVIEW_LIMITS.shareDefaultDays),
  },
  { error: REVIEW_MESSAGES.invalidBody },
);

/** The fields a review may change (the teacher's version, and the AI's original). */
export interface ReviewableFields extends ResultFeedback {
  overallScore: number;
  maxScore: number;
  categories: CategoryScore[];
  annotations: Annotation[];
}

/** One logged change: field = `category:<name>` | strengths | improvementAreas | detailedFeedback | suggestions | annotations | reviewStatus. */
export interface ResultEdit {
  id: string;
  at: string;
  field: string;
  before: unknown;
  after: unknown;
  /** Display name of who made it (the teacher), or null when the account is gone. */
  by: string | null;
}

/** Review facts returned with every report. */
export interface ReviewInfo {
  /** 검토 완료 */
  reviewed: boolean;
  reviewedAt: string | null;
  /** The teacher changed something (the report shows their version). */
  edited: boolean;
}

/** GET /submissions/:id/report: the reviewed version (or the AI's when unedited) plus the original and the log. */
export interface ReviewedReport extends ReportData, ReviewInfo {
  original: ReviewableFields;
  edits: ResultEdit[];
  /** The answer is being graded again; this is the previous result until the new one is stored. */
  regrading?: boolean;
}

/** A student link as listed to its teacher (the token is shown only when created). */
export interface ReportShare {
  id: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  active: boolean;
}

/** POST /submissions/:id/share */
export interface CreatedShare extends ReportShare {
  token: string;
  /** Full link when the server knows the site's address (SITE_URL or the request's Origin), else the path. */
  url: string;
}

/** GET /shared/:token: what the student sees (no ids, file names, flags, log or teacher data). */
export interface SharedReport extends ReviewableFields {
  studentInfo: { name: string | null };
  submittedAt: string;
  reviewedAt: string | null;
  reviewed: true;
  question: string;
  answer: string;
  rubric: ReportData["rubric"];
  expiresAt: string;
}

export const SHARE_NOT_FOUND = "링크가 만료되었거나 취소되었습니다.";
