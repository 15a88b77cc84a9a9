import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import { planChangeKeys } from "@/lib/usage";
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
  return useInvalidatingMutation(changePlan, () => [adminKeys.users(), ...planChangeKeys()]);
}
