import { Card, CardBody } from "@/components/ui/card";
import type { SubmissionStats } from "@/features/sessions/utils/submission-stats";

export function SummaryCards({ stats }: { stats: SubmissionStats }) {
  const cards = [
    { label: "완료된 채점", value: String(stats.completed) },
    { label: "대기 중", value: String(stats.waiting) },
    { label: "전체 제출", value: String(stats.total) },
    { label: "평균 점수", value: stats.averageScore === null ? "-" : String(stats.averageScore) },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.label}>
          <CardBody className="p-4">
            <p className="text-sm text-base-content/70">{card.label}</p>
            <p className="text-2xl font-bold" aria-label={card.label}>
              {card.value}
            </p>
          </CardBody>
        </Card>
      ))}
    </div>
  );
}
