import { useState } from "react";
import { PlanPeriodFields } from "@/features/billing/components/plan-period-fields";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { formatSeoulDate, formatWon } from "@shared/format.ts";
import type { Plan } from "@shared/types.ts";
import { requestCardRegistration } from "@/features/billing/api/billing-auth";
import { type BillingPeriod, type SubscribeAnswer, useSubscribe } from "@/features/billing/api/billing";

/**
 * 정기 구독 시작: a paid plan and a period, then — before any card is asked for — what will be charged
 * now and on which date it renews, until cancelled; 카드 등록 opens Toss's card registration.
 */
export function SubscribeForm({ plans }: { plans: Plan[] }) {
  const paid = plans.filter((p) => p.price > 0);
  const [planId, setPlanId] = useState(paid[0]?.id ?? "");
  const [period, setPeriod] = useState<BillingPeriod>("monthly");
  const [quote, setQuote] = useState<SubscribeAnswer | null>(null);
  const [opening, setOpening] = useState(false);
  const subscribe = useSubscribe();

  const choose = async () => {
    try {
      setQuote(await subscribe.mutateAsync({ planId, period }));
    } catch (error) {
      notify({ title: "구독", description: errorMessage(error, "구독을 준비하지 못했습니다."), variant: "destructive" });
    }
  };
  const register = async () => {
    if (!quote) return;
    setOpening(true);
    try {
      await requestCardRegistration(quote.clientKey, quote.customerKey);
    } catch (error) {
      setOpening(false);
      notify({ title: "카드 등록", description: errorMessage(error, "카드 등록 창을 열지 못했습니다."), variant: "destructive" });
    }
  };

  return (
    <div className="space-y-4" data-testid="subscribe-form">
      <div className="flex flex-wrap items-end gap-4">
        <PlanPeriodFields
          label="플랜"
          plans={paid}
          planId={planId}
          period={period}
          name="billing-period"
          testId="subscribe-plan"
          widthClass="w-40"
          onPlan={(id) => {
            setPlanId(id);
            setQuote(null);
          }}
          onPeriod={(p) => {
            setPeriod(p);
            setQuote(null);
          }}
        />
        {!quote && (
          <Button variant="outline" size="sm" onClick={choose} loading={subscribe.isPending} data-testid="subscribe-quote">
            결제 금액 확인
          </Button>
        )}
      </div>
      {quote && (
        <div className="space-y-3 text-sm" data-testid="subscribe-quote-box">
          <p>
            지금 <strong className="tabular-nums">{formatWon(quote.amount)}</strong>이 결제되고, 다음 결제일{" "}
            <span className="tabular-nums">{formatSeoulDate(quote.renewsAt)}</span>부터 해지하기 전까지{" "}
            {quote.period === "yearly" ? "매년" : "매월"} 같은 금액이 등록한 카드로 자동 결제됩니다.
            {quote.period === "yearly" && quote.yearlySaving ? ` 월 결제보다 1년에 ${formatWon(quote.yearlySaving)} 저렴합니다.` : ""}
          </p>
          <p className="text-base-content/75">
            해지는 결제 관리에서 언제든 한 번에 할 수 있으며, 해지해도 결제한 기간이 끝날 때까지 이용할 수 있습니다.
          </p>
          <Button onClick={register} loading={opening} data-testid="subscribe-register-card">
            카드 등록하고 {formatWon(quote.amount)} 결제
          </Button>
        </div>
      )}
    </div>
  );
}
