// 기관 현황 (/org/dashboard): the active organisation's month for its owner and managers — the pooled quota,
// seats and subscription as stat cards, then plain sections: gradings per teacher, per class, and teacher–AI
// agreement. A teacher (403) or the personal space sees why there is nothing to show.
import type { ReactNode } from "react";
import { formatSeoulDate } from "@shared/format.ts";
import { Card, CardBody } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { EmptyState } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { type OrgUsage, readActiveOrgId, useOrgUsage } from "./api";
import { count, SUBSCRIPTION_STATUS_LABEL } from "./labels";
import { ClassUsageSection, TeacherUsageSection } from "./usage-tables";
import { OrgAgreementSection } from "./org-agreement";

function Stat({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardBody className="gap-2 p-4">
        <h2 className="text-sm text-base-content/75">{label}</h2>
        {children}
      </CardBody>
    </Card>
  );
}

function PoolStat({ pool, period }: Pick<OrgUsage, "pool" | "period">) {
  const share = pool.limit > 0 ? pool.used / pool.limit : 1;
  const variant = pool.remaining === 0 ? "error" : share >= 0.9 ? "warning" : "primary";
  return (
    <Stat label="이번 달 공동 한도" testId="org-pool">
      <p className="text-2xl font-semibold tabular-nums">
        {pool.used.toLocaleString("ko-KR")}
        <span className="text-base font-normal text-base-content/75"> / {count(pool.limit)}</span>
      </p>
      <Progress value={pool.used} max={Math.max(pool.limit, 1)} variant={variant} label="이번 달 공동 한도 사용량" />
      <p className="text-sm text-base-content/75 tabular-nums">
        남은 횟수 {count(pool.remaining)} · {formatSeoulDate(period.resetDate, "date")} 초기화
      </p>
    </Stat>
  );
}

function SeatsStat({ seats }: Pick<OrgUsage, "seats">) {
  return (
    <Stat label="좌석" testId="org-seats">
      <p className="text-2xl font-semibold tabular-nums">
        {seats.used.toLocaleString("ko-KR")}
        <span className="text-base font-normal text-base-content/75"> / {count(seats.max, "석")}</span>
      </p>
      <p className="text-sm text-base-content/75">
        {seats.used >= seats.max ? "좌석이 모두 찼습니다" : `${count(seats.max - seats.used, "석")} 남음`}
      </p>
    </Stat>
  );
}

function SubscriptionStat({ subscription }: Pick<OrgUsage, "subscription">) {
  const renews = formatSeoulDate(subscription.renewsAt, "date");
  const ends = formatSeoulDate(subscription.endDate, "date");
  return (
    <Stat label="구독" testId="org-subscription">
      <p className="text-2xl font-semibold">{subscription.planName}</p>
      <p className="text-sm text-base-content/75 tabular-nums">
        {SUBSCRIPTION_STATUS_LABEL[subscription.status] ?? subscription.status}
        {renews ? ` · ${renews} 자동 갱신` : ends ? ` · ${ends}까지` : ""}
      </p>
    </Stat>
  );
}

export function OrgDashboardPage({ orgId = readActiveOrgId() }: { orgId?: string | null }) {
  const { data, isError, error, isPending } = useOrgUsage(orgId);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">기관 현황</h1>
        <p className="text-sm text-base-content/75">
          {data
            ? `${data.org.name} · ${formatSeoulDate(data.period.start, "date")}부터 이번 달 사용량`
            : "기관의 이번 달 사용량과 구독을 봅니다."}
        </p>
      </header>
      {!orgId ? (
        <EmptyState title="선택한 기관이 없습니다.">머리글에서 기관을 선택하면 그 기관의 현황을 볼 수 있습니다.</EmptyState>
      ) : isError ? (
        <EmptyState title="기관 현황을 볼 수 없습니다.">{error.message}</EmptyState>
      ) : isPending || !data ? (
        <div className="grid gap-4 md:grid-cols-3" aria-busy="true">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-3">
            <PoolStat pool={data.pool} period={data.period} />
            <SeatsStat seats={data.seats} />
            <SubscriptionStat subscription={data.subscription} />
          </div>
          <TeacherUsageSection teachers={data.teachers} />
          <ClassUsageSection classes={data.classes} />
          <OrgAgreementSection agreement={data.agreement} />
        </>
      )}
    </div>
  );
}
