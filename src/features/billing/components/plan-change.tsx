import { useState } from "react";
import { PlanPeriodFields } from "@/features/billing/components/plan-period-fields";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { formatSeoulDate, formatWon } from "@shared/format.ts";
import type { Plan } from "@shared/types.ts";
import { type BillingOverview, type BillingPeriod, type ChangeQuote, useChangePlan, useChangeQuote } from "@/features/billing/api/billing";

/** What the quote means in one line: the amount charged now, or the date the change applies from. */
function QuoteSummary({ quote }: { quote: ChangeQuote }) {
  if (quote.kind === "upgrade") {
    return (
      <p>
        지금 결제: <strong className="tabular-nums">{formatWon(quote.amount)}</strong>
        {quote.daysLeft !== null && quote.daysInPeriod !== null && (
          <span className="text-base-content/75 tabular-nums">
            {" "}
            (이번 기간 {quote.daysInPeriod}일 중 남은 {quote.daysLeft}일의 차액)
          </span>
        )}
      </p>
    );
  }
  return (
    <p>
      지금 결제되는 금액 없음 · 다음 결제일 <span className="tabular-nums">{formatSeoulDate(quote.effectiveAt)}</span>부터{" "}
      <strong className="tabular-nums">{formatWon(quote.nextAmount)}</strong>
    </p>
  );
}

/**
 * 플랜 변경: a plan and a period, then the quote (the amount charged now for an upgrade, or
 * "다음 결제일부터 …" for a downgrade or period change), then one confirmation.
 */
export function PlanChangeForm({ plans, billing }: { plans: Plan[]; billing: BillingOverview }) {
  const paid = plans.filter((p) => p.price > 0);
  const current = billing.plan?.id ?? "";
  const [planId, setPlanId] = useState(paid.find((p) => p.id !== current)?.id ?? "");
  const [period, setPeriod] = useState<BillingPeriod>(billing.period ?? "monthly");
  const [quote, setQuote] = useState<ChangeQuote | null>(null);
  const [confirming, setConfirming] = useState(false);
  const quoting = useChangeQuote();
  const change = useChangePlan();
  const reset = () => setQuote(null);

  const ask = async () => {
    try {
      setQuote(await quoting.mutateAsync({ planId, period }));
    } catch (error) {
      notify({ title: "플랜 변경", description: errorMessage(error, "변경 내용을 확인하지 못했습니다."), variant: "destructive" });
    }
  };
  const confirm = async () => {
    if (!quote) return;
    try {
      const done = await change.mutateAsync({ planId: quote.planId, period: quote.period });
      notify({ title: "플랜 변경", description: done.message });
      setQuote(null);
    } catch (error) {
      notify({ title: "플랜 변경", description: errorMessage(error, "잠시 후 다시 시도해 주세요."), variant: "destructive" });
    }
    setConfirming(false);
  };

  return (
    <div className="space-y-4" data-testid="plan-change-form">
      <div className="flex flex-wrap items-end gap-4">
        <PlanPeriodFields
          label="바꿀 플랜"
          plans={paid}
          planId={planId}
          period={period}
          currentPlanId={current}
          name="plan-change-period"
          testId="plan-change-plan"
          widthClass="w-48"
          onPlan={(id) => {
            setPlanId(id);
            reset();
          }}
          onPeriod={(p) => {
            setPeriod(p);
            reset();
          }}
        />
        {!quote && (
          <Button variant="outline" size="sm" onClick={ask} loading={quoting.isPending} disabled={!planId} data-testid="plan-change-quote">
            변경 내용 확인
          </Button>
        )}
      </div>
      {quote && (
        <div className="space-y-3 text-sm" data-testid="plan-change-quote-box">
          <QuoteSummary quote={quote} />
          <p className="text-base-content/75">{quote.message}</p>
          <Button onClick={() => setConfirming(true)} data-testid="plan-change-confirm">
            {quote.kind === "upgrade" ? `${formatWon(quote.amount)} 결제하고 변경` : "변경 예약"}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming && quote !== null}
        title={
          quote?.kind === "upgrade" ? `${quote.planName} 플랜으로 지금 바꿀까요?` : `${quote?.planName ?? ""} 플랜으로 변경을 예약할까요?`
        }
        description={quote?.message}
        confirmLabel={quote?.kind === "upgrade" ? `${formatWon(quote.amount)} 결제` : "변경 예약"}
        confirmVariant="primary"
        busy={change.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </div>
  );
}
