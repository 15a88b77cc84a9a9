import type { UpgradeOption } from "@shared/types.ts";
import { formatSeoulDateOr } from "@shared/format.ts";

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

export const DEFAULT_USAGE_LIMIT_MESSAGE = "현재 플랜의 월간 분석 한도에 도달했습니다. 계속 사용하시려면 플랜을 업그레이드하세요.";

/** "2026년 12월 1일" */
export function formatKoreanLongDate(iso: string) {
  return formatSeoulDateOr(iso, "longDate", "-");
}
