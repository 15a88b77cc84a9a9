// Whole-class actions on a session's answers (선택한 답안 검토 완료, 삭제, 학생 링크): the request bodies
// (one zod schema for the server and the SPA) and the answers.
import { z } from "zod";
import { REVIEW_LIMITS, REVIEW_MESSAGES } from "./review.ts";

/** Answers one request may name: a session never lists more in practice, and the work stays bounded. */
export const MAX_BULK_SUBMISSIONS = 500;

export const BULK_MESSAGES = {
  invalidBody: "선택한 답안 목록이 올바르지 않습니다.",
  noneSelected: "답안을 하나 이상 선택해 주세요.",
  tooMany: `한 번에 ${MAX_BULK_SUBMISSIONS}개까지 선택할 수 있습니다.`,
  badId: "선택한 답안을 찾을 수 없습니다. 새로고침한 뒤 다시 선택해 주세요.",
  /** Some ids are not answers of this session (another session's, another member's, or deleted). */
  notInSession: "선택한 답안 중 이 과제의 답안이 아닌 것이 있습니다. 새로고침한 뒤 다시 선택해 주세요.",
  reviewed: (n: number) => `${n}개 답안을 검토 완료했습니다.`,
  reviewSkipped: (n: number) => `채점이 끝나지 않은 ${n}개 답안은 건너뛰었습니다.`,
  alreadyReviewed: (n: number) => `${n}개 답안은 이미 검토 완료된 상태입니다.`,
  deleted: (n: number) => `${n}개 답안을 삭제했습니다.`,
  sharesMade: (n: number) => `${n}명의 학생 링크를 만들었습니다.`,
  sharesSkipped: (n: number) => `검토 완료되지 않은 ${n}개 답안은 링크를 만들지 않았습니다.`,
  noShareable: "검토 완료한 답안이 없어 학생 링크를 만들 수 없습니다. 먼저 답안을 검토 완료해 주세요.",
} as const;

const submissionIds = z
  .array(z.guid({ error: BULK_MESSAGES.badId }), { error: BULK_MESSAGES.invalidBody })
  .min(1, { error: BULK_MESSAGES.noneSelected })
  .max(MAX_BULK_SUBMISSIONS, { error: BULK_MESSAGES.tooMany });

/** POST /sessions/:id/review-complete, POST /sessions/:id/submissions/delete */
export const bulkSubmissionsBodySchema = z.object({ submissionIds }, { error: BULK_MESSAGES.invalidBody });
export type BulkSubmissionsBody = z.infer<typeof bulkSubmissionsBodySchema>;

/** POST /sessions/:id/shares: the named answers, or every reviewed answer of the session. */
export const bulkSharesBodySchema = z.object(
  {
    submissionIds: submissionIds.optional(),
    expiresInDays: z
      .number({ error: REVIEW_MESSAGES.shareDays })
      .int({ error: REVIEW_MESSAGES.shareDays })
      .min(REVIEW_LIMITS.shareMinDays, { error: REVIEW_MESSAGES.shareDays })
      .max(REVIEW_LIMITS.shareMaxDays, { error: REVIEW_MESSAGES.shareDays })
      .default(REVIEW_LIMITS.shareDefaultDays),
  },
  { error: BULK_MESSAGES.invalidBody },
);
export type BulkSharesBody = z.input<typeof bulkSharesBodySchema>;

/** POST /sessions/:id/review-complete */
export interface BulkReviewResult {
  /** Marked 검토 완료 by this request. */
  reviewed: number;
  /** Were already 검토 완료 (left as they were). */
  alreadyReviewed: number;
  /** Not graded (waiting, being graded, error): left as they were. */
  skipped: number;
  message: string;
}

/** POST /sessions/:id/submissions/delete */
export interface BulkDeleteResult {
  deleted: number;
  /** Uses given back (answers no worker had claimed yet). */
  usesReturned: number;
  message: string;
}

/** One student link of POST /sessions/:id/shares (the raw link is shown only in this answer). */
export interface StudentLink {
  submissionId: string;
  studentName: string | null;
  studentId: string | null;
  url: string;
  expiresAt: string;
}

export interface BulkSharesResult {
  links: StudentLink[];
  /** Answers named (or of the session) that are not 검토 완료: no link made. */
  skipped: number;
  message: string;
}
