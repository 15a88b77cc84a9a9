// GET /billing (결제 관리): the plan and period, the renewal state, the card (masked), the payment
// history with Toss receipts, and the billing notices. Read with the service connection: the billing
// tables are not readable by members at all.
import type postgres from "postgres";
import { iso } from "../lib/http.ts";
import { MEMBER_REFUND_DAYS } from "./refund.ts";

type Sql = postgres.Sql;

/**
 * `active` renews at renewsAt; `past_due` a renewal was declined and is being retried (the plan stays);
 * `canceled` 구독 해지 chosen, the plan ends at renewsAt; `one_time` a 1개월 이용권 (no renewal); `none`.
 */
export type BillingStatus = "active" | "past_due" | "canceled" | "one_time" | "none";

interface SubRow {
  plan_id: string;
  plan_name: string;
  price: number;
  yearly_price: number | null;
  status: string;
  end_date: Date | null;
  renews_at: Date | null;
  canceled_at: Date | null;
  auto_renew: boolean;
  billing_period: "monthly" | "yearly" | null;
  renewal_attempts: number;
  next_attempt_at: Date | null;
  in_force: boolean;
  next_plan_id: string | null;
  next_plan_name: string | null;
  next_period: "monthly" | "yearly" | null;
  next_amount: number | null;
  next_price: number | null;
  next_price_from: Date | null;
  change_scheduled: boolean;
}

export async function billingOverview(sql: Sql, userId: string) {
  await sql`select private.apply_due_subscription_changes(${userId}::uuid)`;
  const [s] = await sql<SubRow[]>`
    select s.plan_id, pl.name as plan_name, pl.price, pl.yearly_price, s.status, s.end_date, s.renews_at,
           s.canceled_at, s.auto_renew, s.billing_period, s.renewal_attempts, s.next_attempt_at,
           (s.status = 'active' and s.end_date > now()) as in_force,
           t.plan_id as next_plan_id, npl.name as next_plan_name, t.billing_period as next_period, t.amount as next_amount,
           s.next_price, s.next_price_from, (s.change_plan_id is not null or s.change_period is not null) as change_scheduled
      from public.subscriptions s join public.subscription_plans pl on pl.id = s.plan_id
      cross join lateral private.renewal_terms(s) t
      left join public.subscription_plans npl on npl.id = t.plan_id
     where s.user_id = ${userId}`;
  const [account] = await sql<{ id: string; card_masked: string | null; card_company: string | null }[]>`
    select a.id, k.card_masked, k.card_company
      from private.billing_accounts a left join private.billing_keys k on k.billing_account_id = a.id
     where a.owner_user_id = ${userId}`;
  const payments = await sql<
    {
      id: string;
      kind: string;
      plan_id: string;
      plan_name: string | null;
      order_name: string;
      amount: number;
      status: string;
      approved_at: Date | null;
      created_at: Date;
      period_start: Date | null;
      period_end: Date | null;
      receipt_url: string | null;
      refunded_amount: number;
      failure_code: string | null;
      refundable: boolean;
    }[]
  >`
    select p.id, p.kind, p.plan_id, pl.name as plan_name, p.order_name, p.amount, p.status, p.approved_at,
           p.created_at, p.period_start, p.period_end, p.receipt_url, p.refunded_amount, p.failure_code,
           (p.status = 'done' and p.refunded_amount = 0 and p.payment_key is not null and p.kind <> 'upgrade'
            and p.approved_at > now() - make_interval(days => ${MEMBER_REFUND_DAYS})
            and not exists (select 1 from public.grading_usage g
                             where g.user_id = ${userId}::uuid and g.purpose = 'grading' and g.at >= p.approved_at)) as refundable
      from public.payments p left join public.subscription_plans pl on pl.id = p.plan_id
     where (p.user_id = ${userId} or p.billing_account_id = ${account?.id ?? null}::uuid)
       and p.status <> 'pending' and p.status <> 'canceled'
     order by p.created_at desc
     limit 100`;
  const notices = account
    ? await sql<{ id: string; kind: string; message: string; created_at: Date }[]>`
        select id::text, kind, message, created_at from private.billing_notices
         where billing_account_id = ${account.id} and created_at > now() - interval '60 days'
         order by created_at desc, id desc limit 20`
    : [];

  const renewing = !!s && s.auto_renew && s.in_force;
  const status: BillingStatus = renewing
    ? s.canceled_at
      ? "canceled"
      : s.renewal_attempts > 0
        ? "past_due"
        : "active"
    : s?.in_force
      ? "one_time"
      : "none";
  const period = renewing ? (s.billing_period ?? "monthly") : null;
  // the locked price, an announced increase once it applies, or the plan a scheduled change switches to
  const nextAmount = renewing && !s.canceled_at ? s.next_amount : null;
  return {
    plan: s ? { id: s.plan_id, name: s.plan_name, price: s.price, yearlyPrice: s.yearly_price } : null,
    period,
    status,
    renewsAt: renewing ? iso(s.renews_at) : null,
    /** When the plan ends: the paid end for a cancelled subscription or a 1개월 이용권. */
    endsAt: status === "canceled" ? iso(s.renews_at) : status === "one_time" ? iso(s.end_date) : null,
    cancelAtPeriodEnd: status === "canceled",
    nextCharge: nextAmount === null ? null : { amount: nextAmount, at: iso(s.next_attempt_at ?? s.renews_at) },
    /** A downgrade or period change chosen for the next renewal (POST /billing/change/cancel drops it). */
    scheduledChange:
      renewing && !s.canceled_at && s.change_scheduled
        ? { planId: s.next_plan_id, planName: s.next_plan_name, period: s.next_period, amount: s.next_amount, at: iso(s.renews_at) }
        : null,
    /** An announced price increase: charged from the first renewal on or after `from`. */
    priceChange:
      renewing && !s.canceled_at && s.next_price !== null && s.next_price_from
        ? { amount: s.next_price, from: iso(s.next_price_from) }
        : null,
    retry: status === "past_due" ? { attempts: s.renewal_attempts, nextAttemptAt: iso(s.next_attempt_at) } : null,
    card: account?.card_masked ? { masked: account.card_masked, company: account.card_company ?? "" } : null,
    payments: payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      planId: p.plan_id,
      planName: p.plan_name,
      orderName: p.order_name,
      amount: p.amount,
      status: p.status,
      approvedAt: iso(p.approved_at),
      createdAt: iso(p.created_at),
      periodStart: iso(p.period_start),
      periodEnd: iso(p.period_end),
      receiptUrl: p.receipt_url,
      refundedAmount: p.refunded_amount,
      /** 환불 요청 is open: paid within 7 days, nothing refunded, no grading used since (POST /billing/refund). */
      refundable: p.refundable,
    })),
    notices: notices.map((n) => ({ id: n.id, kind: n.kind, message: n.message, createdAt: iso(n.created_at) })),
  };
}
