import type { ReactNode } from "react";
import { RotateCcw, Trash2 } from "lucide-react";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { NeedsReviewBadge } from "@/features/sessions/components/needs-review-badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/section";
import { ProgressMeter } from "@/features/sessions/components/progress-meter";
import type { Submission } from "@shared/types.ts";
import { RegradeButton } from "@/features/sessions/components/regrade-button";
import { SESSION_MESSAGES } from "@/features/sessions/messages";
import { BULK_UI_MESSAGES } from "@/features/sessions/bulk-messages";
import { displayStudent, essayPreview, feedbackText, formatSubmitTime, STATUS_LABELS } from "@/features/sessions/utils/submission-stats";

export const STATUS_VARIANTS: Record<Submission["status"], BadgeVariant> = {
  pending: "ghost",
  analyzing: "info",
  completed: "success",
  error: "destructive",
};

export interface SubmissionListProps {
  submissions: Submission[];
  /** Completed rows: open the report (the list passes `점수: x/y` along). */
  onView?: (submission: Submission, feedback: string | null) => void;
  onDownload?: (submission: Submission) => void;
  /** The row whose report is being downloaded. */
  downloadingId?: string;
  /** Error rows: grade the answer again. */
  onRetry?: (submission: Submission) => void;
  /** The row being sent back to grading. */
  retryingId?: string;
  /** Completed rows: grade again (after a confirmation; one use). */
  onRegrade?: (submission: Submission) => Promise<unknown>;
  /** The row being sent back to grading by 재채점. */
  regradingId?: string;
  /** Every row: ask to delete the answer (the dashboard confirms first). */
  onRequestDelete?: (submission: Submission) => void;
  /** The address of an answer's report: with it (and onView), a completed answer's name is a link to it. */
  reportHref?: (submission: Submission) => string;
  /** Extra content per row (e.g. live details added later). */
  renderExtra?: (submission: Submission) => ReactNode;
  /** With it, each row has a checkbox (the dashboard's whole-class actions). */
  selection?: RowSelection;
}

/** The rows a teacher has ticked, and ticking one. */
export interface RowSelection {
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
}

/** A row's checkbox, named after its student. */
export function RowCheckbox({ selection, submission }: { selection: RowSelection; submission: Submission }) {
  return (
    <input
      type="checkbox"
      className="checkbox checkbox-sm"
      checked={selection.selected.has(submission.id)}
      onChange={() => selection.toggle(submission.id)}
      onClick={(e) => e.stopPropagation()}
      aria-label={BULK_UI_MESSAGES.selectRow(displayStudent(submission))}
      data-testid="row-select"
    />
  );
}

/** Results of the built-in analyzer are not AI grades; the list says so (the API may add `grader`). */
function isOffline(s: Submission): boolean {
  return (s.result as { grader?: string } | null | undefined)?.grader === "offline";
}

export function SubmissionList({
  submissions,
  onView,
  onDownload,
  downloadingId,
  onRetry,
  retryingId,
  onRequestDelete,
  onRegrade,
  regradingId,
  reportHref,
  renderExtra,
  selection,
}: SubmissionListProps) {
  if (submissions.length === 0) {
    return (
      <EmptyState title="아직 제출된 답안이 없습니다">답안 작성 탭에서 학생 답안을 제출하면 여기에 채점 현황이 나타납니다.</EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-base-300" aria-label="제출된 답안 목록">
      {submissions.map((s) => (
        <li key={s.id} className="py-4" data-testid="submission-row" data-status={s.status} data-submission-id={s.id}>
          {/* The delete button stays at the end of the first line however narrow the screen (the rest wraps beside it). */}
          <div className="flex items-start gap-2">
            {selection && (
              <span className="flex h-6 shrink-0 items-center">
                <RowCheckbox selection={selection} submission={s} />
              </span>
            )}
            <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
              {onView && reportHref && (s.status === "completed" || s.regrading) ? (
                <a
                  href={reportHref(s)}
                  className="link font-semibold break-words link-primary"
                  data-testid="submission-name-link"
                  onClick={(e) => {
                    // A plain click opens the report in place; modified clicks keep the browser's behaviour (new tab).
                    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                    e.preventDefault();
                    onView(s, feedbackText(s));
                  }}
                >
                  {displayStudent(s)}
                </a>
              ) : (
                <span className="font-semibold break-words">{displayStudent(s)}</span>
              )}
              {s.regrading ? (
                <Badge variant="info" size="sm" data-testid="regrading-badge">
                  {SESSION_MESSAGES.regrade.status}
                </Badge>
              ) : (
                <Badge variant={STATUS_VARIANTS[s.status]} size="sm">
                  {STATUS_LABELS[s.status]}
                </Badge>
              )}
              {typeof s.score === "number" && <span className="text-sm font-semibold tabular-nums">{s.score}점</span>}
              {isOffline(s) && (
                <Badge variant="warning" size="sm" title="오프라인 분석기 채점 (AI 채점 아님)">
                  오프라인 분석
                </Badge>
              )}
              <NeedsReviewBadge submission={s} />
              <span className="ml-auto text-xs text-base-content/75 tabular-nums">{formatSubmitTime(s.submitTime ?? s.submittedAt)}</span>
            </div>
            {onRequestDelete && (
              <Button
                size="xs"
                variant="ghost"
                className="shrink-0 text-base-content/70 hover:text-error"
                aria-label="답안 삭제"
                title="답안 삭제"
                onClick={() => onRequestDelete(s)}
              >
                <Trash2 className="size-3.5" aria-hidden="true" />
              </Button>
            )}
          </div>
          {s.status === "analyzing" && (
            <div className="mt-2">
              <div className="mb-1 flex justify-between gap-2 text-xs text-base-content/75">
                <span>{s.progressMessage || "분석 중입니다..."}</span>
                <span className="tabular-nums">{Math.round(s.progress)}%</span>
              </div>
              <ProgressMeter percent={s.progress} tone="info" label={`${displayStudent(s)} 분석 진행률`} testId="submission-progress" />
            </div>
          )}
          {s.status === "error" && (s.progressMessage || onRetry) && (
            <div className="mt-1 flex flex-wrap items-center gap-2">
              {s.progressMessage && (
                <p className="text-sm text-error" data-testid="submission-error">
                  {s.progressMessage}
                </p>
              )}
              {onRetry && (
                <Button size="xs" variant="outline" onClick={() => onRetry(s)} loading={retryingId === s.id}>
                  <RotateCcw className="size-3.5" aria-hidden="true" />
                  다시 채점
                </Button>
              )}
            </div>
          )}
          <p className="mt-1 text-sm text-base-content/75">{s.essay ? essayPreview(s.essay) : (s.essayFilename ?? "")}</p>
          {(s.status === "completed" || s.regrading) && (onView || onDownload || onRegrade) && (
            <div className="mt-2 flex flex-wrap gap-2">
              {onView && (
                <Button size="sm" variant="outline" onClick={() => onView(s, feedbackText(s))}>
                  보기
                </Button>
              )}
              {onDownload && (
                <Button size="sm" variant="ghost" onClick={() => onDownload(s)} loading={downloadingId === s.id}>
                  다운로드
                </Button>
              )}
              {onRegrade && s.status === "completed" && <RegradeButton submission={s} onRegrade={onRegrade} busy={regradingId === s.id} />}
            </div>
          )}
          {renderExtra?.(s)}
        </li>
      ))}
    </ul>
  );
}
