import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import { planChangeKeys } from "@/lib/usage";
import type { PlanSelection } from "@shared/schemas.ts";
import type { UserSubscription } from "@shared/types.ts";

export interface SelectPlanResponse {
  message: string;
  subscription: UserSubscription;
}

/** POST /subscription/select — only the free trial plan; paid plans go through payment. */
export function selectPlan(input: PlanSelection) {
  return api.post<SelectPlanResponse>("/subscription/select", input);
}

export function useSelectPlan() {
  return useInvalidatingMutation(selectPlan, planChangeKeys);
}
