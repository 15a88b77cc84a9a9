import { Card, CardBody } from "@/components/ui/card";
import { ProgressMeter } from "@/features/sessions/components/progress-meter";
import type { SubmissionStats } from "@/features/sessions/utils/submission-stats";

/** The session's four numbers, as stat cards of one height (every row of the grid is as tall as the tallest). */
export function SummaryCards({ stats }: { stats: SubmissionStats }) {
  const cards = [
    { label: "완료된 채점", value: String(stats.completed) },
    { label: "대기 중", value: String(stats.waiting) },
    { label: "전체 제출", value: String(stats.total) },
    { label: "평균 점수", value: stats.averageScore === null ? "-" : String(stats.averageScore) },
  ];
  return (
    <div className="grid auto-rows-fr grid-cols-2 gap-4 md:grid-cols-4" data-testid="summary-cards">
      {cards.map((card) => (
        <Card key={card.label} className="h-full" data-testid="summary-card">
          <CardBody className="justify-between gap-1 p-4">
            <p className="text-sm text-base-content/75">{card.label}</p>
            <p className="text-2xl font-semibold tabular-nums" aria-label={card.label}>
              {card.value}
            </p>
          </CardBody>
        </Card>
      ))}
    </div>
  );
}

/** "N개 중 M개 완료" with a bar exactly as wide as the percent beside it. */
export function BatchProgress({ stats }: { stats: SubmissionStats }) {
  if (stats.total === 0) return null;
  const text = `${stats.total}개 중 ${stats.completed}개 완료`;
  return (
    <div className="space-y-2" data-testid="batch-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p className="font-medium" data-testid="batch-progress-text">
          {text}
          {stats.failed > 0 && <span className="text-error"> · 오류 {stats.failed}개</span>}
        </p>
        <p className="text-base-content/75 tabular-nums" data-testid="batch-progress-percent">
          {stats.percent}%
        </p>
      </div>
      <ProgressMeter percent={stats.percent} label="채점 진행률" valueText={text} tone="success" testId="batch-progress-bar" />
    </div>
  );
}
