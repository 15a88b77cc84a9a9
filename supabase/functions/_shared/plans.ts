// Plan rules and limits (PRODUCT_SPEC §6, §9). The database seed holds the same values.

export const PLAN_IDS = ["trial", "individual", "educator", "business"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const DEFAULT_PLAN_ID: PlanId = "trial";
export const GUEST_FREE_USES = 3;
export const DEFAULT_CURRENCY = "KRW";
export const DEFAULT_COUNTRY = "KR";
export const DEFAULT_BILLING_PERIOD = "monthly";
export const DEFAULT_MAX_SCORE = 100;
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

/** Reference values of the seeded plans (the database is the source of truth at runtime). */
export const PLAN_DEFAULTS: Record<PlanId, {
  price: number;
  maxEssaysPerMonth: number;
  maxFilesPerUpload: number;
  features: readonly string[];
}> = {
  trial: { price: 0, maxEssaysPerMonth: 10, maxFilesPerUpload: 1, features: ["기본 AI 분석", "개별 파일 업로드"] },
  individual: {
    price: 9900,
    maxEssaysPerMonth: 100,
    maxFilesPerUpload: 1,
    features: ["상세한 피드백", "이메일 지원", "히스토리 관리"],
  },
  educator: {
    price: 29900,
    maxEssaysPerMonth: 500,
    maxFilesPerUpload: 10,
    features: ["최고급 AI 분석", "최대 10명 답안 동시 첨삭", "우선 지원", "무제한 히스토리"],
  },
  business: {
    price: 99000,
    maxEssaysPerMonth: 3000,
    maxFilesPerUpload: 50,
    features: ["전담 계정 매니저", "최대 50개 답안 동시 처리", "맞춤형 평가 기준", "실시간 채팅 지원"],
  },
};

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

/** Files per upload: trial/individual (and unknown) 1, educator 10, business 50. */
export function filesPerUpload(planId: string | null | undefined): number {
  if (planId === "educator") return 10;
  if (planId === "business") return 50;
  return 1;
}

/** Multi-file and batch grading are only for educator and business. */
export function canBatch(planId: string | null | undefined): boolean {
  return planId === "educator" || planId === "business";
}
