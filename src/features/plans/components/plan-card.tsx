import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { Plan } from "@shared/types.ts";
import { formatWon } from "@shared/format.ts";
import { filesPerUploadLabel, LAUNCH_DISCOUNT_PERCENT, planTermLabel } from "@shared/plans.ts";
import { monthlyQuotaLabel } from "@/lib/usage";

export interface PlanCardProps {
  plan: Plan;
  isCurrent: boolean;
  /** The plan this page recommends (badge 추천, the primary button). */
  recommended: boolean;
  /** Opened from an upgrade prompt for this plan (`/plans?upgrade=`): outlined, scrolled to. */
  highlighted: boolean;
  /** An enabled button's own text (a guest's 회원가입하고 계속하기). */
  actionLabel?: string | null;
  /** A line under the limits (a guest's own free uses, which are not monthly). */
  note?: string | null;
  /** What the current plan's card shows instead of a button (e.g. a link to 결제 내역). */
  currentAction?: ReactNode;
  busy?: boolean;
  onSelect: (planId: string) => void;
}

/**
 * One plan. Its eight parts are rows of the plan grid (CSS subgrid), so names, prices, terms, limits and
 * buttons line up across the cards whatever the length of a description or feature list.
 */
export function PlanCard({ plan, isCurrent, recommended, highlighted, actionLabel, note, currentAction, busy, onSelect }: PlanCardProps) {
  const free = plan.price === 0;
  const badge = isCurrent ? (
    <Badge variant="success" size="sm" data-testid="plan-badge">
      현재 이용 중
    </Badge>
  ) : recommended ? (
    <Badge variant="primary" size="sm" data-testid="plan-badge">
      추천
    </Badge>
  ) : null;
  return (
    <article
      data-testid={`plan-card-${plan.id}`}
      data-current={isCurrent ? "true" : "false"}
      data-recommended={recommended ? "true" : "false"}
      data-highlighted={highlighted ? "true" : "false"}
      aria-labelledby={`plan-name-${plan.id}`}
      className={cn(
        "row-span-8 grid grid-rows-subgrid gap-y-3 rounded-box border bg-base-100 p-6 shadow-sm",
        isCurrent ? "border-success" : recommended ? "border-primary" : "border-base-300",
        highlighted && "ring-2 ring-primary ring-offset-2 ring-offset-base-100",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={`plan-name-${plan.id}`} className="text-lg font-semibold">
          {plan.name}
        </h2>
        {badge}
      </div>
      <p className="text-sm text-base-content/75">{plan.description}</p>
      <p className="self-end text-sm text-base-content/75">
        {free ? (
          <span aria-hidden="true">&nbsp;</span>
        ) : (
          <>
            <span className="sr-only">정가 </span>
            <del className="tabular-nums" data-testid="plan-list-price">
              {formatWon(plan.price * 2)}
            </del>
            <span className="ml-2 font-semibold text-error">{LAUNCH_DISCOUNT_PERCENT}% 할인</span>
          </>
        )}
      </p>
      <p className="text-3xl font-bold whitespace-nowrap tabular-nums" data-testid="plan-price">
        {free ? "무료" : formatWon(plan.price)}
      </p>
      <p className="text-sm text-base-content/75" data-testid="plan-term">
        {planTermLabel(plan)}
      </p>
      <div className="border-t border-base-300 pt-3">
        <ul className="space-y-1 text-sm font-medium" aria-label="이용 한도" data-testid="plan-limits">
          <li className="tabular-nums">{monthlyQuotaLabel(plan.maxEssaysPerMonth)}</li>
          <li className="tabular-nums">{filesPerUploadLabel(plan.maxFilesPerUpload)}</li>
        </ul>
        {note && (
          <p className="mt-2 text-xs text-base-content/75" data-testid="plan-note">
            {note}
          </p>
        )}
      </div>
      <ul className="space-y-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="self-end">
        {isCurrent ? (
          <div className="flex min-h-10 flex-wrap items-center justify-between gap-2" data-testid="plan-current">
            <p className="text-sm font-medium">이용 중인 플랜입니다</p>
            {currentAction}
          </div>
        ) : (
          <Button block variant={recommended ? "primary" : "outline"} loading={busy} onClick={() => onSelect(plan.id)}>
            {actionLabel ?? (free ? "무료로 시작하기" : "선택하기")}
          </Button>
        )}
      </div>
    </article>
  );
}
