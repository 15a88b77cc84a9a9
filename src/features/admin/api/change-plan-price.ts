import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import { adminKeys } from "@/features/admin/api/keys";

export interface ChangePlanPriceInput {
  planId: string;
  price: number;
  /** A year's price; null removes the yearly option, undefined keeps it. */
  yearlyPrice?: number | null;
}

export interface ChangePlanPriceResult {
  message: string;
  plan: { id: string; name: string; price: number; yearlyPrice: number | null };
  notified: number;
}

export function changePlanPrice({ planId, price, yearlyPrice }: ChangePlanPriceInput): Promise<ChangePlanPriceResult> {
  return api.patch(`/admin/plans/${encodeURIComponent(planId)}`, yearlyPrice === undefined ? { price } : { price, yearlyPrice });
}

/** Changes a plan's prices; the admin's plan list reads them again. */
export function useChangePlanPrice() {
  return useInvalidatingMutation(changePlanPrice, () => [adminKeys.plans()]);
}
