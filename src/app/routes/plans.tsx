import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { env } from "@/config/env";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import { useSubscriptionStatus, useUsageStatus } from "@/lib/usage";
import { TOAST } from "@shared/messages.ts";
import type { Plan } from "@shared/types.ts";
import { usePlans } from "@/features/plans/api/get-plans";
import { useSelectPlan } from "@/features/plans/api/select-plan";
import { PlanList } from "@/features/plans/components/plan-list";
import { PaymentScreen } from "@/features/payments/components/payment-screen";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatSeoulDate } from "@shared/format.ts";
import { useCancelSchedule } from "@/features/plans/api/cancel-schedule";
import { planChangeKind, type PlanChangeKind } from "@/features/plans/utils/plan-change";
import { withParticle } from "@/lib/korean";

export default function PlansRoute() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const plans = usePlans();
  const usage = useUsageStatus();
  const subscription = useSubscriptionStatus();
  const selectPlan = useSelectPlan();
  const [paying, setPaying] = useState<Plan | null>(null);
  const [confirming, setConfirming] = useState<{ plan: Plan; kind: PlanChangeKind } | null>(null);
  const cancelSchedule = useCancelSchedule();

  const isGuest = user?.isGuest === 1;
  const currentPlanId = subscription.data?.plan.id ?? user?.subscription?.planId ?? null;

  const currentPlan = plans.data?.find((p) => p.id === currentPlanId) ?? null;
  const paidUntil = subscription.data?.subscription?.status === "active" ? subscription.data.subscription.endDate : null;

  const handleSelect = (planId: string) => {
    const plan = plans.data?.find((p) => p.id === planId);
    if (!plan) {
      notify({ title: TOAST.payment.planChangeFailTitle, description: TOAST.payment.planNotFound, variant: "destructive" });
      return;
    }
    const kind = planChangeKind(currentPlan, plan, paidUntil);
    if (kind !== "now") {
      setConfirming({ plan, kind });
      return;
    }
    proceed(plan);
  };

  const proceed = (plan: Plan) => {
    if (plan.price > 0) {
      setPaying(plan);
      window.scrollTo?.({ top: 0 });
      return;
    }
    selectPlan.mutate(
      { planId: "trial" },
      {
        onSuccess: (data) =>
          notify({ title: TOAST.payment.planChangedTitle, description: data?.message || TOAST.payment.planChanged(plan.name) }),
        onError: (error) => notifyFailure(TOAST.payment.planChangeFailTitle, errorMessage(error, TOAST.payment.planChangeFailDefault)),
      },
    );
  };

  const onCancelSchedule = () =>
    cancelSchedule.mutate(undefined, {
      onSuccess: (data) => notify({ title: "예약 취소", description: data?.message ?? "예약된 플랜 변경이 취소되었습니다." }),
      onError: (error) =>
        notify({ title: "예약 취소 실패", description: errorMessage(error, "예약을 취소하지 못했습니다."), variant: "destructive" }),
    });

  if (paying) {
    return (
      <PaymentScreen plan={paying} clientKey={env.TOSS_CLIENT_KEY} customerEmail={user?.email ?? null} onCancel={() => setPaying(null)} />
    );
  }

  const end = formatSeoulDate(paidUntil, "longDateTime");
  const dialog =
    confirming &&
    {
      downgrade: {
        title: `${withParticle(confirming.plan.name, "ro")} 변경 예약`,
        text: `현재 ${currentPlan?.name ?? ""} 플랜은 ${end}까지 그대로 이용할 수 있고, 그 후 ${withParticle(confirming.plan.name, "ro")} 변경됩니다. 예약은 이 페이지에서 언제든 취소할 수 있습니다.`,
        confirm: "변경 예약",
      },
      "downgrade-paid": {
        title: `${confirming.plan.name} 플랜 예약 결제`,
        text: `${confirming.plan.name} 플랜은 지금 결제하고, 현재 ${currentPlan?.name ?? ""} 플랜이 끝나는 ${end}부터 한 달간 적용됩니다. 그때까지는 현재 플랜을 그대로 이용합니다. 결제한 예약은 환불 요청으로만 취소할 수 있습니다.`,
        confirm: "결제로 이동",
      },
      upgrade: {
        title: `${confirming.plan.name} 플랜으로 업그레이드`,
        text: `결제하는 즉시 ${confirming.plan.name} 플랜이 시작되어 한 달간 이용할 수 있습니다. 현재 ${currentPlan?.name ?? ""} 플랜의 남은 기간(${end}까지)은 이어지지 않습니다.`,
        confirm: "결제로 이동",
      },
      extend: {
        title: `${confirming.plan.name} 플랜 연장`,
        text: `지금 결제하면 현재 플랜이 끝나는 ${end}부터 한 달 연장됩니다.`,
        confirm: "결제로 이동",
      },
    }[confirming.kind as Exclude<PlanChangeKind, "now">];

  return (
    <>
      <ConfirmDialog
        open={Boolean(dialog)}
        title={dialog?.title}
        description={<span data-testid="plan-change-dialog">{dialog?.text}</span>}
        confirmLabel={dialog?.confirm}
        confirmVariant="primary"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const c = confirming;
          setConfirming(null);
          if (c) proceed(c.plan);
        }}
      />
      <PlanList
        plans={plans.data}
        isLoading={plans.isLoading}
        isError={plans.isError}
        isGuest={isGuest}
        currentPlanId={currentPlanId}
        usage={usage.data}
        subscription={subscription.data}
        upgradePlanId={params.get("upgrade")}
        busyPlanId={selectPlan.isPending ? (selectPlan.variables?.planId ?? null) : null}
        contactEmail={env.SUPPORT_EMAIL}
        onSelect={handleSelect}
        onExtend={currentPlan && currentPlan.price > 0 && paidUntil ? () => handleSelect(currentPlan.id) : undefined}
        onCancelSchedule={onCancelSchedule}
        cancellingSchedule={cancelSchedule.isPending}
      />
    </>
  );
}
