import { formatSeoulDateOr, scorePercent } from "@shared/format.ts";
import { scoreTier } from "@shared/grading.ts";

export { formatScore } from "@shared/format.ts";

export type Tier = ReturnType<typeof scoreTier>;

/**
 * Colour tiers (docs/product.md#score-tiers): ≥ 85 % top, ≥ 70 % middle, below that the lowest.
 * Text is the tier colour mixed half with the page's text colour: the theme's warning yellow on
 * white is 1.8:1, unreadable (axe color-contrast); the mix keeps the hue and passes 4.5:1 in both
 * themes (towards dark in the light theme, towards light in the dark one). Bars keep the pure colour.
 */
export const TIER_STYLES: Record<Tier, { text: string; progress: "success" | "warning" | "error"; bar: string; label: string }> = {
  high: {
    text: "text-[color-mix(in_oklab,var(--color-success)_50%,var(--color-base-content))]",
    progress: "success",
    bar: "progress-success",
    label: "우수",
  },
  mid: {
    text: "text-[color-mix(in_oklab,var(--color-warning)_50%,var(--color-base-content))]",
    progress: "warning",
    bar: "progress-warning",
    label: "보통",
  },
  low: {
    text: "text-[color-mix(in_oklab,var(--color-error)_50%,var(--color-base-content))]",
    progress: "error",
    bar: "progress-error",
    label: "미흡",
  },
};

export function scoreSummary(score: number, max: number) {
  const tier = scoreTier(score, max);
  return { tier, percent: scorePercent(score, max), style: TIER_STYLES[tier] };
}
export type ScoreSummary = ReturnType<typeof scoreSummary>;

export function formatReportDate(iso: string | null | undefined): string {
  return formatSeoulDateOr(iso, "longDateTime", "-");
}
