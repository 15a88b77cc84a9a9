import { formatSeoulDateOr } from "@shared/format.ts";
import type { Submission } from "@shared/types.ts";

export interface SubmissionStats {
  completed: number;
  waiting: number;
  /** Ended in error (to be retried). */
  failed: number;
  total: number;
  averageScore: number | null;
  /** Completed out of all, as a whole percent (0 when there are none). */
  percent: number;
}

export function submissionStats(submissions: Submission[]): SubmissionStats {
  const completed = submissions.filter((s) => s.status === "completed").length;
  const waiting = submissions.filter((s) => s.status === "pending" || s.status === "analyzing").length;
  const scores = submissions.map((s) => s.score).filter((v): v is number => typeof v === "number");
  const averageScore = scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null;
  const failed = submissions.filter((s) => s.status === "error").length;
  const total = submissions.length;
  const percent = total === 0 ? 0 : Math.floor((completed / total) * 100);
  return { completed, waiting, failed, total, averageScore, percent };
}

/** Dashboard tab badge: the pending count, or the completed count when nothing is pending. */
export function dashboardBadgeCount(submissions: Submission[] | undefined): number {
  const stats = submissionStats(submissions ?? []);
  return stats.waiting > 0 ? stats.waiting : stats.completed;
}

/** Student name, else student id, else 익명 + the last 4 characters of the submission id. */
export function displayStudent(s: Pick<Submission, "studentName" | "studentId" | "id">): string {
  return s.studentName || s.studentId || `익명 ${s.id.slice(-4)}`;
}

export const STATUS_LABELS: Record<Submission["status"], string> = {
  pending: "대기중",
  analyzing: "분석중",
  completed: "완료",
  error: "오류",
};

export function feedbackText(s: Submission): string | null {
  return s.result ? `점수: ${s.result.overallScore}/${s.result.maxScore}` : null;
}

export function formatSubmitTime(iso: string | undefined) {
  return formatSeoulDateOr(iso, "dateTime", "");
}

/**
 * The list's preview of an answer. The server sends the first 100 characters; when that many came the
 * answer goes on, so the preview ends at the last word boundary (if one is in the second half) with "…"
 * rather than in the middle of a word (class-view).
 */
export function essayPreview(essay: string, limit = 100): string {
  const chars = [...essay];
  if (chars.length < limit) return essay;
  const head = chars.slice(0, limit).join("");
  const boundary = head.search(/\s\S*$/u);
  const cut = boundary >= Math.floor(head.length / 2) ? head.slice(0, boundary) : head;
  return `${cut.replace(/[\s,.·:;]+$/u, "")}…`;
}
