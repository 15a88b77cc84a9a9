import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { env } from "@/config/env";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { notify } from "@/lib/notify";
import { useSubscriptionStatus, useUsageStatus } from "@/lib/usage";
import { TOAST } from "@shared/messages.ts";
import type { Plan } from "@shared/types.ts";
import { usePlans } from "@/features/plans/api/get-plans";
import { useSelectPlan } from "@/features/plans/api/select-plan";
import { PlanList } from "@/features/plans/components/plan-list";
import { PaymentScreen } from "@/features/payments/components/payment-screen";

export default function PlansRoute() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const plans = usePlans();
  const usage = useUsageStatus();
  const subscription = useSubscriptionStatus();
  const selectPlan = useSelectPlan();
  const [paying, setPaying] = useState<Plan | null>(null);

  const isGuest = user?.isGuest === 1;
  const currentPlanId = subscription.data?.plan.id ?? user?.subscription?.planId ?? null;

  const handleSelect = (planId: string) => {
    const plan = plans.data?.find((p) => p.id === planId);
    if (!plan) {
      notify({ title: TOAST.payment.planChangeFailTitle, description: TOAST.payment.planNotFound, variant: "destructive" });
      return;
    }
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
        onError: (error) =>
          notify({
            title: TOAST.payment.planChangeFailTitle,
            description: errorMessage(error, TOAST.payment.planChangeFailDefault),
            variant: "destructive",
          }),
      },
    );
  };

  if (paying) {
    return (
      <PaymentScreen
        plan={paying}
        clientKey={env.TOSS_CLIENT_KEY}
        customerEmail={user?.email ?? null}
        onCancel={() => setPaying(null)}
      />
    );
  }

  return (
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
    />
  );
}
