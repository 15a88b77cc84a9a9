import { Check } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import type { Plan } from "@shared/types.ts";
import { formatWon } from "@shared/format.ts";
import { monthlyQuotaLabel } from "@/lib/usage";

export interface PlanCardProps {
  plan: Plan;
  isCurrent: boolean;
  highlighted: boolean;
  /** Why the button cannot be used (e.g. guests and paid plans); null when it can. */
  blockedLabel?: string | null;
  /** An enabled button's own text (a guest's 회원가입하고 계속하기). */
  actionLabel?: string | null;
  /** A line under the monthly count (a guest's own free uses, which are not monthly). */
  note?: string | null;
  busy?: boolean;
  onSelect: (planId: string) => void;
}

export function PlanCard({ plan, isCurrent, highlighted, blockedLabel, actionLabel, note, busy, onSelect }: PlanCardProps) {
  const free = plan.price === 0;
  const label = isCurrent ? "현재 플랜" : (blockedLabel ?? actionLabel ?? (free ? "무료로 시작하기" : "선택하기"));
  return (
    <Card
      data-testid={`plan-card-${plan.id}`}
      data-highlighted={highlighted ? "true" : "false"}
      className={cn("h-full", highlighted && "border-primary ring-2 ring-primary", isCurrent && "bg-base-200/60")}
    >
      <CardBody className="gap-4">
        <div className="flex min-h-7 items-start justify-between gap-2">
          <h3 className="text-lg font-bold">{plan.name}</h3>
          <div className="flex gap-1">
            {highlighted && !isCurrent && (
              <Badge variant="primary" size="sm">
                추천
              </Badge>
            )}
            {isCurrent && (
              <Badge variant="success" size="sm">
                이용 중
              </Badge>
            )}
          </div>
        </div>
        <p className="min-h-10 text-sm text-base-content/70">{plan.description}</p>
        <div className="border-y border-base-300 py-4">
          {free ? (
            <>
              <p className="text-sm text-base-content/70" aria-hidden="true">
                &nbsp;
              </p>
              <p className="text-3xl font-extrabold" data-testid="plan-price">
                무료
              </p>
            </>
          ) : (
            <>
              <p className="text-sm text-base-content/70">
                <del data-testid="plan-list-price">{formatWon(plan.price * 2)}</del>
                <span className="ml-2 font-semibold text-error">50% 할인</span>
              </p>
              <p className="text-3xl font-extrabold whitespace-nowrap" data-testid="plan-price">
                {formatWon(plan.price)}
                <span className="text-base font-medium text-base-content/70"> / 월</span>
              </p>
            </>
          )}
          <p className="mt-1 text-sm text-base-content/70">{monthlyQuotaLabel(plan.maxEssaysPerMonth)}</p>
          {note && (
            <p className="mt-1 text-xs text-base-content/70" data-testid="plan-note">
              {note}
            </p>
          )}
        </div>
        <ul className="flex-1 space-y-2 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <Button
          block
          variant={highlighted ? "primary" : isCurrent ? "ghost" : "outline"}
          disabled={isCurrent || Boolean(blockedLabel)}
          loading={busy}
          onClick={() => onSelect(plan.id)}
        >
          {label}
        </Button>
      </CardBody>
    </Card>
  );
}
