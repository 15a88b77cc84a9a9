import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { rubricLine } from "@shared/rubric-scale.ts";
import type { RegradeStatus } from "@/features/sessions/api/regrade-all";

export interface RegradeAllDialogProps {
  open: boolean;
  status: RegradeStatus;
  busy?: boolean;
  /** The server's refusal (e.g. not enough uses left: it names how many are needed). */
  error?: string | null;
  onCancel: () => void;
  onConfirm: (includeReviewed: boolean) => void;
}

/** How many uses 전체 재채점 charges: the older-rubric answers, the reviewed ones only when ticked. */
export function regradeUses(status: Pick<RegradeStatus, "outdated" | "outdatedReviewed">, includeReviewed: boolean): number {
  return includeReviewed ? status.outdated : status.outdated - status.outdatedReviewed;
}

/** The one confirmation of 전체 재채점: what it re-grades, the uses it charges, and the reviewed answers' choice. */
export function RegradeAllDialog({ open, status, busy = false, error, onCancel, onConfirm }: RegradeAllDialogProps) {
  const [includeReviewed, setIncludeReviewed] = useState(false);
  const uses = regradeUses(status, includeReviewed);
  return (
    <ConfirmDialog
      open={open}
      title="전체 재채점"
      description={`이전 평가 기준으로 채점된 답안을 현재 기준(${rubricLine(status.rubric)})으로 다시 채점합니다.`}
      confirmLabel={`${uses}개 재채점 (${uses}회 사용)`}
      confirmVariant="primary"
      confirmDisabled={uses === 0}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => onConfirm(includeReviewed)}
    >
      <div className="space-y-4 text-sm" data-testid="regrade-all-dialog">
        <p data-testid="regrade-all-uses">
          답안 <strong className="tabular-nums">{uses}</strong>개를 재채점하며 사용 횟수 <strong className="tabular-nums">{uses}회</strong>
          가 차감됩니다. 남은 횟수가 모자라면 아무 답안도 재채점하지 않습니다.
        </p>
        {status.outdatedReviewed > 0 && (
          <div className="space-y-2">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={includeReviewed}
                onChange={(e) => setIncludeReviewed(e.target.checked)}
                disabled={busy}
              />
              검토한 답안도 재채점 ({status.outdatedReviewed}개)
            </label>
            <p className={includeReviewed ? "text-warning-content bg-warning/20 rounded p-2" : "text-base-content/75"}>
              {includeReviewed
                ? "검토한 답안의 수정 내용과 검토 완료 표시가 새 채점 결과로 바뀝니다. (수정 기록은 남습니다)"
                : `검토한 답안 ${status.outdatedReviewed}개는 그대로 둡니다.`}
            </p>
          </div>
        )}
        {error && (
          <p role="alert" className="text-error" data-testid="regrade-all-error">
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
