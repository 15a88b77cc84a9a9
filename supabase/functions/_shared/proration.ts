// A plan upgrade in the middle of a paid period starts now and charges the difference for the days
// left: (new price − old price) × days left ÷ days in the period, rounded down to the won. Days are
// whole days: the days left round down (a part day is not charged), the period's length to the
// nearest day (a month is 28–31 days, a year 365 or 366).
import { formatWon } from "./format.ts";

const DAY_MS = 86_400_000;

export interface UpgradeBasis {
  /** The price the subscription pays per period now (its locked price). */
  oldPrice: number;
  /** The new plan's price for the same period. */
  newPrice: number;
  /** Whole days left until the next renewal. */
  daysLeft: number;
  /** Days in the current period (start to renewal). */
  daysInPeriod: number;
}

/** Whole days left and days in the period of a period [start, end) seen at `now`. */
export function periodDays(start: Date, end: Date, now: Date): { daysLeft: number; daysInPeriod: number } {
  const daysInPeriod = Math.max(Math.round((end.getTime() - start.getTime()) / DAY_MS), 1);
  const daysLeft = Math.min(Math.max(Math.floor((end.getTime() - now.getTime()) / DAY_MS), 0), daysInPeriod);
  return { daysLeft, daysInPeriod };
}

/** (new − old) × days left ÷ days in the period, rounded down to the won; 0 when not dearer. */
export function upgradeCharge(b: UpgradeBasis): number {
  const diff = Math.floor(b.newPrice) - Math.floor(b.oldPrice);
  const days = Math.max(Math.floor(b.daysInPeriod), 1);
  const left = Math.min(Math.max(Math.floor(b.daysLeft), 0), days);
  if (diff <= 0) return 0;
  return Math.floor((diff * left) / days);
}

/** The formula with the numbers, e.g. "(59,900원 − 29,900원) × 10일 ÷ 30일 = 10,000원". */
export function upgradeFormulaText(b: UpgradeBasis): string {
  return `(${formatWon(b.newPrice)} − ${formatWon(b.oldPrice)}) × ${b.daysLeft}일 ÷ ${b.daysInPeriod}일 = ${formatWon(upgradeCharge(b))}`;
}
