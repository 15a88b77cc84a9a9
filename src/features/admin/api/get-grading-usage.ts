// GET /admin/usage: what AI grading cost per day (Asia/Seoul), per teacher and per purpose, with the configured
// prices (api/admin/grading-usage.ts). Admins only.
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";
import { seoulDate } from "@shared/format.ts";

export interface UsageSums {
  essays: number;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  /** USD at the configured prices (shown in 원 at `prices.krwPerUsd`). */
  cost: number;
}

export interface GradingUsageReport {
  from: string;
  to: string;
  prices: { currency: "USD"; inputPer1M: number; outputPer1M: number; cachedPer1M: number; krwPerUsd: number };
  total: UsageSums;
  days: (UsageSums & { day: string })[];
  teachers: (UsageSums & { userId: string | null; email: string | null; name: string | null })[];
  /** Per purpose of the model call: `grading`, `transcription` (reading a photographed page). */
  purposes: (UsageSums & { purpose: string; avgCallLatencyMs: number })[];
  modes: (UsageSums & {
    mode: string;
    perEssay: { promptTokens: number; completionTokens: number; cachedTokens: number; cost: number };
    avgCallLatencyMs: number;
  })[];
}

/** `YYYY-MM-DD` of `daysAgo` days before today in Asia/Seoul. */
export function seoulDay(daysAgo = 0, now = Date.now()): string {
  return seoulDate(now, -daysAgo);
}

/** This Asia/Seoul month so far: its first day to today. */
export function thisMonthRange(now = Date.now()): { from: string; to: string } {
  const to = seoulDay(0, now);
  return { from: `${to.slice(0, 8)}01`, to };
}

export function getGradingUsage(from: string, to: string): Promise<GradingUsageReport> {
  return api.get<GradingUsageReport>(`/admin/usage?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
}

export function useGradingUsage(range: { from: string; to: string }, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...adminKeys.all, "grading-usage", range.from, range.to] as const,
    queryFn: () => getGradingUsage(range.from, range.to),
    enabled,
  });
}
