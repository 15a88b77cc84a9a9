// Shapes of the billing API that the function writes and the SPA reads (one definition for both).

export type BillingPeriod = "monthly" | "yearly";

/** upgrade: now, charged; downgrade / period: at the next renewal, nothing charged now. */
export type ChangeKind = "upgrade" | "downgrade" | "period";

/** POST /billing/change/quote (and /billing/change): what a plan change does, before anything is charged. */
export interface ChangeQuote {
  kind: ChangeKind;
  planId: string;
  planName: string;
  period: BillingPeriod;
  /** Charged now (the upgrade's prorated difference); 0 for a scheduled change. */
  amount: number;
  /** When the new plan applies: now for an upgrade, else the next renewal date. */
  effectiveAt: string;
  /** What the renewals charge from then on. */
  nextAmount: number;
  daysLeft: number | null;
  daysInPeriod: number | null;
  message: string;
}
