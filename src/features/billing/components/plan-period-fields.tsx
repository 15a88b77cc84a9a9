import { formatWon } from "@shared/format.ts";
import type { Plan } from "@shared/types.ts";
import type { BillingPeriod } from "@/features/billing/api/billing";

const PERIOD_LABELS: Record<BillingPeriod, string> = { monthly: "매월 결제", yearly: "매년 결제" };

interface PlanPeriodFieldsProps {
  /** The select's visible label ("플랜", "바꿀 플랜"). */
  label: string;
  /** The paid plans to choose from. */
  plans: Plan[];
  planId: string;
  period: BillingPeriod;
  /** Marked "(이용 중)" in the list. */
  currentPlanId?: string | null;
  /** The radio group's name (unique per form) and the select's test id. */
  name: string;
  testId: string;
  /** The select's width class, sized to the longest option. */
  widthClass: string;
  onPlan: (planId: string) => void;
  onPeriod: (period: BillingPeriod) => void;
}

/** A paid plan (name and monthly price) and monthly or yearly billing: the fields of 정기 구독 시작 and 플랜 변경. */
export function PlanPeriodFields(props: PlanPeriodFieldsProps) {
  const { label, plans, planId, period, currentPlanId, name, testId, widthClass, onPlan, onPeriod } = props;
  return (
    <>
      <label className="flex flex-col gap-1 text-sm">
        {label}
        <select
          className={`select select-bordered select-sm ${widthClass}`}
          value={planId}
          onChange={(e) => onPlan(e.target.value)}
          data-testid={testId}
        >
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} · 월 {formatWon(p.price)}
              {p.id === currentPlanId ? " (이용 중)" : ""}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="flex gap-4 text-sm" aria-label="결제 주기">
        {(["monthly", "yearly"] as const).map((p) => (
          <label key={p} className="flex items-center gap-2">
            <input type="radio" className="radio radio-sm" name={name} checked={period === p} onChange={() => onPeriod(p)} />
            {PERIOD_LABELS[p]}
          </label>
        ))}
      </fieldset>
    </>
  );
}
