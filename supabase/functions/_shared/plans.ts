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

/** The plan the plans page and the landing recommend (badge 추천, the one primary button). */
export const RECOMMENDED_PLAN_ID: PlanId = "educator";

/**
 * What one payment buys today: one month, no automatic renewal. The one place the term is worded
 * (plan cards, the landing, the payment screen, the order name); renewing subscriptions change it here.
 */
export const PAID_TERM = { name: "1개월 이용권", renewal: "자동 갱신 없음" } as const;

/** "1개월 이용권 · 자동 갱신 없음" for a paid plan; the free plan has no term. */
export function planTermLabel(plan: { price: number }): string {
  return plan.price > 0 ? `${PAID_TERM.name} · ${PAID_TERM.renewal}` : "결제 없이 이용";
}

/** The order (and Toss orderName) of a paid plan: "교육자 1개월 이용권". */
export function orderNameFor(planName: string): string {
  return `${planName} ${PAID_TERM.name}`;
}

/** A plan's answers per upload in the unit the product enforces (max_files_per_upload): "한 번에 최대 10개 답안". */
export function filesPerUploadLabel(maxFiles: number): string {
  return maxFiles > 1 ? `한 번에 최대 ${maxFiles.toLocaleString("ko-KR")}개 답안` : "한 번에 답안 1개";
}
