import { BillingLink } from "@/components/account/billing-link";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { GuestConvertDialog } from "@/components/account/guest-convert-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Button, buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/layout/page-header";
import { paths } from "@/config/paths";
import { formatSeoulDate } from "@shared/format.ts";
import type { Plan, SubscriptionStatus, UsageStatus } from "@shared/types.ts";
import { GUEST_FREE_USES, RECOMMENDED_PLAN_ID } from "@shared/plans.ts";
import { GuestNotice } from "@/features/plans/components/guest-notice";
import { LaunchBanner } from "@/features/plans/components/launch-banner";
import { PlanCard } from "@/features/plans/components/plan-card";
import { PlansFaq } from "@/features/plans/components/plans-faq";
import { withParticle } from "@/lib/korean";

export interface PlanListProps {
  plans: Plan[] | undefined;
  isLoading: boolean;
  isError: boolean;
  isGuest: boolean;
  currentPlanId: string | null;
  usage: UsageStatus | undefined;
  subscription: SubscriptionStatus | undefined;
  upgradePlanId: string | null;
  busyPlanId: string | null;
  contactEmail: string;
  onSelect: (planId: string) => void;
  /** Pay the current paid plan again (one more month after its end). */
  onExtend?: () => void;
  onCancelSchedule?: () => void;
  cancellingSchedule?: boolean;
}

function CurrentPlanLine({
  isGuest,
  usage,
  subscription,
  onExtend,
  onCancelSchedule,
  cancellingSchedule,
}: Pick<PlanListProps, "isGuest" | "usage" | "subscription" | "onExtend" | "onCancelSchedule" | "cancellingSchedule">) {
  if (!usage) return null;
  if (isGuest) {
    return (
      <p data-testid="current-plan-line" className="text-base-content/80">
        게스트 무료 사용:{" "}
        <strong className="tabular-nums">
          {usage.usage.current}/{usage.usage.limit}
        </strong>
        회 (총 {usage.usage.limit}회, 매월 채워지지 않음)
      </p>
    );
  }
  const sub = subscription?.subscription;
  const end = formatSeoulDate(sub?.endDate, "longDateTime");
  const scheduled = sub?.scheduledPlan ?? null;
  return (
    <div className="space-y-2">
      <div data-testid="current-plan-line" className="flex flex-wrap items-center gap-2 text-base-content/80">
        <span>
          현재 플랜: <strong>{subscription?.plan.name ?? usage.plan.name}</strong>
        </span>
        <span>
          · 이번 달 사용량{" "}
          <strong className="tabular-nums">
            {usage.usage.current}/{usage.usage.limit}
          </strong>
          회
        </span>
      </div>
      {sub?.status === "active" && end && (
        <div
          role="note"
          data-testid="plan-period-note"
          className="flex flex-wrap items-center gap-2 rounded-box bg-base-200 px-3 py-2 text-sm"
        >
          <span>
            <strong>{end}</strong>까지 이용할 수 있습니다.{" "}
            {scheduled?.paid
              ? `그 다음 날부터 결제한 ${scheduled.name} 플랜이 한 달간 적용됩니다.`
              : scheduled
                ? `그 후 ${withParticle(scheduled.name, "ro")} 변경됩니다(예약됨).`
                : "자동 결제는 없으며, 그 후 체험판으로 돌아갑니다."}
          </span>
          {scheduled && !scheduled.paid && onCancelSchedule && (
            <Button size="sm" variant="outline" onClick={onCancelSchedule} loading={cancellingSchedule} data-testid="cancel-schedule">
              예약 취소
            </Button>
          )}
          {!scheduled && onExtend && (
            <Button size="sm" variant="outline" onClick={onExtend} data-testid="extend-plan">
              한 달 연장하기
            </Button>
          )}
        </div>
      )}
      {sub?.status === "expired" && (
        <p role="note" data-testid="plan-period-note" className="text-sm text-base-content/70">
          유료 플랜 이용 기간이 끝나 체험판으로 돌아왔습니다.
        </p>
      )}
    </div>
  );
}

export function PlanList(props: PlanListProps) {
  const { plans, isLoading, isError, isGuest, currentPlanId, upgradePlanId, busyPlanId, onSelect } = props;
  const highlightRef = useRef<HTMLDivElement>(null);
  const [convertOpen, setConvertOpen] = useState(false);

  useEffect(() => {
    if (upgradePlanId && plans?.length) highlightRef.current?.scrollIntoView?.({ block: "center", behavior: "smooth" });
  }, [upgradePlanId, plans?.length]);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-6">
      <PageHeader
        back={{ to: paths.home.getHref(), label: "돌아가기" }}
        title="구독 플랜"
        description="필요에 맞는 플랜을 선택하고 AI 논술 첨삭을 더 많이 이용해 보세요."
      >
        <CurrentPlanLine
          isGuest={isGuest}
          usage={props.usage}
          subscription={props.subscription}
          onExtend={props.onExtend}
          onCancelSchedule={props.onCancelSchedule}
          cancellingSchedule={props.cancellingSchedule}
        />
        {!isGuest && (
          <Link to={paths.billing.getHref()} className="link link-primary text-sm" data-testid="billing-link">
            결제 내역 보기
          </Link>
        )}
        {!isGuest && <BillingLink />}
      </PageHeader>
      <LaunchBanner />
      {isGuest && <GuestNotice />}
      {isError && (
        <div role="alert" className="alert alert-error">
          플랜 정보를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.
        </div>
      )}
      {isLoading && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-96 w-full" />
          ))}
        </div>
      )}
      {plans && (
        <div className="grid gap-x-4 gap-y-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="plan-grid">
          {plans.map((plan) => {
            const highlighted = upgradePlanId === plan.id;
            const isCurrent = !isGuest && currentPlanId === plan.id;
            return (
              <div key={plan.id} ref={highlighted ? highlightRef : undefined} className="row-span-8 grid grid-rows-subgrid">
                <PlanCard
                  plan={plan}
                  isCurrent={isCurrent}
                  recommended={plan.id === RECOMMENDED_PLAN_ID}
                  highlighted={highlighted}
                  actionLabel={isGuest ? "회원가입하고 계속하기" : null}
                  note={
                    isGuest && plan.price === 0
                      ? `게스트는 총 ${GUEST_FREE_USES}회 무료(매월 채워지지 않음) · 회원가입하면 이 체험판을 이용합니다`
                      : null
                  }
                  currentAction={
                    isCurrent && plan.price > 0 ? (
                      <Link to={paths.billing.getHref()} className={buttonClass({ variant: "outline", size: "sm" })}>
                        결제 내역
                      </Link>
                    ) : null
                  }
                  busy={busyPlanId === plan.id}
                  onSelect={isGuest ? () => setConvertOpen(true) : onSelect}
                />
              </div>
            );
          })}
        </div>
      )}
      {isGuest && convertOpen && <GuestConvertDialog open onOpenChange={setConvertOpen} />}
      <PlansFaq contactEmail={props.contactEmail} />
    </div>
  );
}
