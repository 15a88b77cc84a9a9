import { usePlanChangePost } from "@/lib/usage";
import type { PlanSelection } from "@shared/schemas.ts";
import type { UserSubscription } from "@shared/types.ts";

export interface SelectPlanResponse {
  message: string;
  subscription: UserSubscription;
}

/** POST /subscription/select — only the free trial plan; paid plans go through payment. */
export function useSelectPlan() {
  return usePlanChangePost<PlanSelection, SelectPlanResponse>("/subscription/select");
}
