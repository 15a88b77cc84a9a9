import { useState } from "react";
import { RefreshCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { notify } from "@/lib/notify";
import { useRegradeAll, useRegradeStatus } from "@/features/sessions/api/regrade-all";
import { RegradeAllDialog } from "@/features/sessions/components/regrade-all-dialog";

/**
 * Under the dashboard's cards: how many results were graded under an older rubric, 전체 재채점 (one
 * confirmation), then its progress like a batch. Nothing when every result is on the current rubric.
 */
export function RubricOutdatedBanner({ sessionId, readOnly = false }: { sessionId: string; readOnly?: boolean }) {
  const { data: status } = useRegradeStatus(sessionId);
  const regradeAll = useRegradeAll(sessionId);
  const [open, setOpen] = useState(false);
  /** Answers queued by the last 전체 재채점 of this screen (the progress's total). */
  const [queued, setQueued] = useState(0);
  if (!status || readOnly) return null;
  const running = queued > 0 && status.regrading > 0;
  const finished = queued > 0 && status.regrading === 0;
  if (status.outdated === 0 && queued === 0) return null;

  const confirm = (includeReviewed: boolean) =>
    regradeAll.mutate(
      { includeReviewed },
      {
        onSuccess: (answer) => {
          setOpen(false);
          setQueued(answer.queued);
          notify({ title: "전체 재채점", description: answer.message });
        },
      },
    );

  return (
    <section
      aria-label="평가 기준 변경"
      className="flex flex-wrap items-center justify-between gap-4 rounded-box border border-warning/60 bg-warning/10 p-4"
      data-testid="rubric-outdated-banner"
    >
      <div className="min-w-0 flex-1 space-y-2 text-sm">
        {running ? (
          <>
            <p data-testid="regrade-all-progress">
              재채점 중: <span className="tabular-nums">{queued - Math.min(status.regrading, queued)}</span> /{" "}
              <span className="tabular-nums">{queued}</span>개 완료
            </p>
            <Progress value={queued - Math.min(status.regrading, queued)} max={queued} label="전체 재채점 진행률" />
          </>
        ) : finished ? (
          <p data-testid="regrade-all-done">
            재채점이 끝났습니다: 답안 <span className="tabular-nums">{queued}</span>개를 현재 평가 기준으로 채점했습니다.
            {status.outdated > 0 && ` 이전 기준으로 남은 답안 ${status.outdated}개 (검토한 답안).`}
          </p>
        ) : (
          <p data-testid="rubric-outdated-count">
            평가 기준이 바뀌었습니다. 이전 기준으로 채점된 답안이 <strong className="tabular-nums">{status.outdated}</strong>개 있습니다
            {status.outdatedReviewed > 0 ? ` (검토한 답안 ${status.outdatedReviewed}개 포함)` : ""}. 표와 요약은 답안마다 채점된 기준으로
            보여 줍니다.
          </p>
        )}
      </div>
      {!running && status.outdated > 0 && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            regradeAll.reset();
            setOpen(true);
          }}
        >
          <RefreshCcw className="size-4" aria-hidden="true" />
          전체 재채점
        </Button>
      )}
      {open && (
        <RegradeAllDialog
          open
          status={status}
          busy={regradeAll.isPending}
          error={regradeAll.error?.message ?? null}
          onCancel={() => setOpen(false)}
          onConfirm={confirm}
        />
      )}
    </section>
  );
}
