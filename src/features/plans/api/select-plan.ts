import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { authKeys } from "@/lib/auth";
import { subscriptionKeys, usageKeys } from "@/lib/usage";
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectPlan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usageKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]),
  });
}
