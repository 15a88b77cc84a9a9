// Plan rules and limits (docs/product.md#roles-and-plans, #limits). The database seed holds the same values.

export const PLAN_IDS = ["trial", "individual", "educator", "business"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const DEFAULT_PLAN_ID: PlanId = "trial";
export const GUEST_FREE_USES = 3;
export const DEFAULT_CURRENCY = "KRW";
export const DEFAULT_BILLING_PERIOD = "monthly";
export const LAUNCH_DISCOUNT_PERCENT = 50;

export const SUBSCRIPTION_STATUSES = ["active", "canceled", "expired", "trial"] as const;
export type SubscriptionStatusValue = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatusValue, string> = {
  active: "활성",
  trial: "체험",
  expired: "만료",
  canceled: "취소됨",
};

export const GUEST_PLAN_NAME = "게스트";
