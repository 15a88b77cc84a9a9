import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { authKeys } from "@/lib/auth";
import { subscriptionKeys, usageKeys } from "@/lib/usage";
import type { User } from "@shared/types.ts";
import { adminKeys } from "@/features/admin/api/keys";

export interface ChangePlanInput {
  userId: string;
  planId: string;
  /** End of the paid period (ISO date-time with offset); paid plans only, default one month from now. */
  endDate?: string;
}

export function changePlan({ userId, planId, endDate }: ChangePlanInput): Promise<{ message: string; user: User }> {
  return api.patch(`/admin/users/${encodeURIComponent(userId)}/subscription`, endDate ? { planId, endDate } : { planId });
}

/** Invalidates the member list, and the admin's own usage/subscription in case they changed themselves. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
        queryClient.invalidateQueries({ queryKey: usageKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]),
  });
}
