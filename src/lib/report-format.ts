import { formatSeoulDateOr } from "@/lib/format-date";
import { scorePercent, scoreTier } from "@shared/grading.ts";

export type Tier = ReturnType<typeof scoreTier>;

/** Colour tiers (docs/product.md#score-tiers): ≥ 85 % top, ≥ 70 % middle, below that the lowest. */
export const TIER_STYLES: Record<Tier, { text: string; progress: "success" | "warning" | "error"; bar: string; label: string }> = {
  high: { text: "text-success", progress: "success", bar: "progress-success", label: "우수" },
  mid: { text: "text-warning", progress: "warning", bar: "progress-warning", label: "보통" },
  low: { text: "text-error", progress: "error", bar: "progress-error", label: "미흡" },
};

export function formatScore(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

export function scoreSummary(score: number, max: number) {
  const tier = scoreTier(score, max);
  return { tier, percent: scorePercent(score, max), style: TIER_STYLES[tier] };
}

export function formatReportDate(iso: string | null | undefined): string {
  return formatSeoulDateOr(iso, "longDateTime", "-");
}
