import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Plan } from "@shared/types.ts";
import { adminKeys } from "@/features/admin/api/keys";

export async function getPlans(): Promise<Plan[]> {
  const plans = await api.get<Plan[]>("/plans");
  return [...plans].sort((a, b) => a.price - b.price);
}

export const plansQueryOptions = () => queryOptions({ queryKey: adminKeys.plans(), queryFn: getPlans });

export function usePlanOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...plansQueryOptions(), enabled });
}
