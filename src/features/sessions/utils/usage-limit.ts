import type { UpgradeOption } from "@shared/types.ts";
import type { ApiError } from "@/lib/api-client";
import { formatSeoulDateOr } from "@/lib/format-date";

export interface UsageInfo {
  current: number;
  limit: number;
  planName: string;
  planId?: string;
  resetDate?: string | null;
  isGuest?: boolean;
}

export type { UpgradeOption };

export interface UsageLimitData {
  usageInfo: UsageInfo | null;
  upgradeOptions: UpgradeOption[];
  daysRemaining: number | null;
  /** The server's Korean explanation (e.g. the daily free budget of this network was used up). */
  message: string | null;
  /** Set when a daily free budget refused the request: "address" (network) or "device". */
  freeLimitReached: "address" | "device" | null;
}

export const DEFAULT_USAGE_LIMIT_MESSAGE =
  "현재 플랜의 월간 분석 한도에 도달했습니다. 계속 사용하시려면 플랜을 업그레이드하세요.";

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Reads the usage-exceeded data of an ApiError (§3 "Usage-exceeded error data"). */
export function usageLimitDataFrom(
  error: Pick<ApiError, "usageInfo" | "upgradeOptions" | "daysRemaining"> & Partial<Pick<ApiError, "message" | "data">>,
): UsageLimitData {
  const info = isRecord(error.usageInfo) ? error.usageInfo : null;
  const usageInfo: UsageInfo | null = info
    ? {
        current: Number(info.current ?? 0),
        limit: Number(info.limit ?? 0),
        planName: String(info.planName ?? ""),
        planId: typeof info.planId === "string" ? info.planId : undefined,
        resetDate: typeof info.resetDate === "string" ? info.resetDate : null,
        isGuest: Boolean(info.isGuest),
      }
    : null;
  const upgradeOptions = (error.upgradeOptions ?? []).filter(isRecord).map((o) => ({
    id: String(o.id),
    name: String(o.name ?? o.id),
    maxEssaysPerMonth: Number(o.maxEssaysPerMonth ?? 0),
    features: Array.isArray(o.features) ? o.features.map(String) : [],
    price: Number(o.price ?? 0),
  }));
  const data = isRecord(error.data) ? error.data : {};
  const freeLimitReached =
    data.freeLimitReached === "address" || data.freeLimitReached === "device" ? data.freeLimitReached : null;
  const serverMessage = typeof data.error === "string" && data.error.trim() ? data.error : null;
  return {
    usageInfo,
    upgradeOptions,
    daysRemaining: typeof error.daysRemaining === "number" ? error.daysRemaining : null,
    message: serverMessage,
    freeLimitReached,
  };
}

/** "2026년 12월 1일" */
export function formatKoreanLongDate(iso: string) {
  return formatSeoulDateOr(iso, "longDate", "-");
}
