import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Plan } from "@shared/types.ts";
import { plansKeys } from "@/features/plans/api/keys";

export async function getPlans(): Promise<Plan[]> {
  const data = await api.get<Plan[] | { plans?: Plan[] }>("/plans");
  return Array.isArray(data) ? data : (data?.plans ?? []);
}

/** Active plans, cheapest first. */
export function sortPlansByPrice(plans: Plan[]) {
  return [...plans].filter((p) => p.isActive !== 0).sort((a, b) => a.price - b.price);
}

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: plansKeys.list(),
    queryFn: getPlans,
    select: sortPlansByPrice,
  });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
