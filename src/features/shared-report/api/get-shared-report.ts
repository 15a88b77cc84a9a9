import { useQuery } from "@tanstack/react-query";
import type { SharedReport } from "@shared/review.ts";
import { api } from "@/lib/api-client";

export const sharedReportKeys = {
  all: ["shared-report"] as const,
  one: (token: string) => [...sharedReportKeys.all, token] as const,
};

/** GET /shared/{token}: public, no account needed; 404 when missing, expired or revoked. */
export function getSharedReport(token: string): Promise<SharedReport> {
  return api.get<SharedReport>(`/shared/${encodeURIComponent(token)}`);
}

export function useSharedReport(token: string) {
  return useQuery({ queryKey: sharedReportKeys.one(token), queryFn: () => getSharedReport(token), retry: false, staleTime: 60_000 });
}
