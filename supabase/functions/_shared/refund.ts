// The terms' refund formula (admin refund suggestion): the unused days of the period at the daily
// price, less the gradings used at the price of one grading of the plan, never below 0, rounded down
// to the won. Monthly: price ÷ 30 × days remaining; yearly: price ÷ 365 × days remaining.
import { formatWon } from "./format.ts";

export interface RefundBasis {
  /** The amount paid for the period (KRW). */
  price: number;
  period: "monthly" | "yearly";
  /** Whole days left of the paid period (clamped to 0..30 or 0..365). */
  daysRemaining: number;
  /** Gradings used since the period started. */
  gradingsUsed: number;
  /** Gradings the plan gives in one such period (monthly limit, × 12 for a year). */
  gradingsPerPeriod: number;
}

const periodDays = (period: RefundBasis["period"]) => (period === "yearly" ? 365 : 30);

/** price ÷ 30 (or 365) × days remaining − gradings used × (price ÷ gradings per period), ≥ 0, rounded down. */
export function suggestedRefund(b: RefundBasis): number {
  const days = periodDays(b.period);
  const remaining = Math.min(Math.max(Math.floor(b.daysRemaining), 0), days);
  const used = Math.max(Math.floor(b.gradingsUsed), 0);
  const price = Math.max(Math.floor(b.price), 0);
  const perPeriod = Math.floor(b.gradingsPerPeriod);
  // one fraction over the common denominator days × perPeriod, so rounding happens once, at the end
  const value = perPeriod > 0 ? (price * remaining * perPeriod - used * price * days) / (days * perPeriod) : (price * remaining) / days;
  return Math.min(Math.max(Math.floor(value + 1e-9), 0), price);
}

/** The formula written out with the numbers, e.g. "29,900원 ÷ 30 × 20일 − 3회 × (29,900원 ÷ 500회) = 19,754원". */
export function refundFormulaText(b: RefundBasis): string {
  const days = periodDays(b.period);
  const used = b.gradingsPerPeriod > 0 ? ` − ${b.gradingsUsed}회 × (${formatWon(b.price)} ÷ ${b.gradingsPerPeriod}회)` : "";
  return `${formatWon(b.price)} ÷ ${days} × ${b.daysRemaining}일${used} = ${formatWon(suggestedRefund(b))}`;
}
