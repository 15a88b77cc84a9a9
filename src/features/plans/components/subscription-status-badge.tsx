import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { SUBSCRIPTION_STATUS_LABELS, type SubscriptionStatusValue } from "@shared/plans.ts";

const VARIANTS: Record<SubscriptionStatusValue, BadgeVariant> = {
  active: "success",
  trial: "info",
  expired: "ghost",
  canceled: "warning",
};

function isStatus(value: string): value is SubscriptionStatusValue {
  return value in SUBSCRIPTION_STATUS_LABELS;
}

/** Subscription status (docs/product.md#subscription-status): active 활성, trial 체험, expired 만료, canceled 취소됨. */
export function SubscriptionStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status || !isStatus(status)) return null;
  return (
    <Badge variant={VARIANTS[status]} size="sm" data-testid="subscription-status">
      {SUBSCRIPTION_STATUS_LABELS[status]}
    </Badge>
  );
}
