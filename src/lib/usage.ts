import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { authKeys, useAuth } from "@/lib/auth";
import { useInvalidatingMutation } from "@/lib/mutation";
import type { SubscriptionStatus, UsageStatus } from "@shared/types.ts";

export type { SubscriptionStatus, UsageStatus } from "@shared/types.ts";

export const USAGE_REFETCH_INTERVAL_MS = 30_000;

/** The monthly allowance, named the same everywhere (plans, limit dialog, admin): "월 N회 첨삭". */
export function monthlyQuotaLabel(count: number): string {
  return `월 ${count.toLocaleString("ko-KR")}회 첨삭`;
}

export const usageKeys = {
  all: ["usage"] as const,
  status: () => [...usageKeys.all, "status"] as const,
};

export const subscriptionKeys = {
  all: ["subscription"] as const,
  status: () => [...subscriptionKeys.all, "status"] as const,
};

/** What a plan change (selection, payment, admin change or refund) makes stale: usage, subscription and the user's plan. */
export const planChangeKeys = () => [usageKeys.all, subscriptionKeys.all, authKeys.me()] as const;

/** A POST to `path` that changes the member's plan; when it succeeds, what planChangeKeys() names is refetched. */
export function usePlanChangePost<TInput, TData>(path: string) {
  return useInvalidatingMutation((input: TInput) => api.post<TData>(path, input), planChangeKeys);
}

export const usageStatusQueryOptions = () =>
  queryOptions({
    queryKey: usageKeys.status(),
    queryFn: () => api.get<UsageStatus>("/usage/status"),
  });

export const subscriptionStatusQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.status(),
    queryFn: () => api.get<SubscriptionStatus>("/subscription/status"),
  });

export function useUsageStatus() {
  const { user } = useAuth();
  return useQuery({
    ...usageStatusQueryOptions(),
    enabled: Boolean(user),
    refetchInterval: user ? USAGE_REFETCH_INTERVAL_MS : false,
  });
}

export function useSubscriptionStatus() {
  const { user } = useAuth();
  return useQuery({ ...subscriptionStatusQueryOptions(), enabled: Boolean(user) });
}

export function isAtUsageLimit(status: UsageStatus | undefined) {
  return Boolean(status && status.usage.current >= status.usage.limit);
}
