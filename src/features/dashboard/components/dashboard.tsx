import { Card, CardBody, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import type { Submission } from "@shared/types.ts";
import { SummaryCards } from "@/features/dashboard/components/summary-cards";
import { SubmissionList, type SubmissionListProps } from "@/features/dashboard/components/submission-list";
import { submissionStats } from "@/features/dashboard/utils/submission-stats";

export interface DashboardProps extends Omit<SubmissionListProps, "submissions"> {
  submissions: Submission[] | undefined;
  isLoading?: boolean;
}

export function Dashboard({ submissions, isLoading, ...listProps }: DashboardProps) {
  const list = submissions ?? [];
  return (
    <div className="space-y-4">
      <SummaryCards stats={submissionStats(list)} />
      <Card>
        <CardBody>
          <CardTitle>제출된 답안</CardTitle>
          {isLoading ? <Spinner label="로딩 중..." /> : <SubmissionList submissions={list} {...listProps} />}
        </CardBody>
      </Card>
    </div>
  );
}
