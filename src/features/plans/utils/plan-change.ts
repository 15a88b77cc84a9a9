/**
 * What choosing `next` means during the current paid month (the server's rule, see
 * private.activate_subscription / private.choose_trial_plan):
 *   now            – no paid month in progress: the free plan at once, a paid plan starts on payment;
 *   downgrade      – the free plan, scheduled for the month's end (cancellable);
 *   downgrade-paid – a cheaper paid plan, paid now, starting at the month's end;
 *   upgrade        – a dearer plan, starting at once on payment;
 *   extend         – the same paid plan: one more month after the current end.
 */
export type PlanChangeKind = "now" | "downgrade" | "downgrade-paid" | "upgrade" | "extend";

export function planChangeKind(
  current: { id: string; price: number } | null,
  next: { id: string; price: number },
  paidUntil: string | null | undefined,
  now = Date.now(),
): PlanChangeKind {
  const inPaidMonth = Boolean(current && current.price > 0 && paidUntil && new Date(paidUntil).getTime() > now);
  if (!inPaidMonth || !current) return "now";
  if (next.id === current.id) return "extend";
  if (next.price === 0) return "downgrade";
  return next.price < current.price ? "downgrade-paid" : "upgrade";
}
