import { Radio, RefreshCw } from "lucide-react";
import { Card, CardBody, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import type { Submission } from "@shared/types.ts";
import { SummaryCards } from "@/features/dashboard/components/summary-cards";
import { SubmissionList, type SubmissionListProps } from "@/features/dashboard/components/submission-list";
import { submissionStats } from "@/features/dashboard/utils/submission-stats";

export interface DashboardProps extends Omit<SubmissionListProps, "submissions"> {
  submissions: Submission[] | undefined;
  isLoading?: boolean;
  /** The realtime channel is subscribed (otherwise the list polls). */
  isLive?: boolean;
}

function LiveIndicator({ isLive }: { isLive: boolean }) {
  return (
    <span
      className="inline-flex items-center gap-1 text-xs text-base-content/60"
      data-testid="live-indicator"
      data-live={isLive ? "true" : "false"}
      title={isLive ? "채점 진행 상황이 실시간으로 반영됩니다" : "연결을 기다리는 동안 주기적으로 새로고침합니다"}
    >
      {isLive ? (
        <Radio className="size-3.5 text-success" aria-hidden="true" />
      ) : (
        <RefreshCw className="size-3.5" aria-hidden="true" />
      )}
      {isLive ? "실시간" : "자동 새로고침"}
    </span>
  );
}

export function Dashboard({ submissions, isLoading, isLive = false, ...listProps }: DashboardProps) {
  const list = submissions ?? [];
  return (
    <div className="space-y-4">
      <SummaryCards stats={submissionStats(list)} />
      <Card>
        <CardBody>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>제출된 답안</CardTitle>
            <LiveIndicator isLive={isLive} />
          </div>
          {isLoading ? <Spinner label="로딩 중..." /> : <SubmissionList submissions={list} {...listProps} />}
        </CardBody>
      </Card>
    </div>
  );
}
