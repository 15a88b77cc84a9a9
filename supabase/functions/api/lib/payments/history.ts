// Billing history (결제 내역) and one order's real state (the success page), from the payments rows.
import type postgres from "postgres";
import type { PaymentRecord } from "../../../_shared/types.ts";
import { iso } from "../http.ts";

type AnySql = postgres.Sql | postgres.TransactionSql;

interface PaymentRow {
  id: string;
  user_id: string | null;
  plan_id: string;
  plan_name: string | null;
  order_name: string;
  amount: number;
  currency: string;
  status: PaymentRecord["status"];
  method: string | null;
  created_at: Date;
  approved_at: Date | null;
  period_start: Date | null;
  period_end: Date | null;
  receipt_url: string | null;
  refunded_amount: number;
  refunded_at: Date | null;
  refund_reason: string | null;
}

function toRecord(r: PaymentRow): PaymentRecord {
  return {
    orderId: r.id,
    orderName: r.order_name,
    planId: r.plan_id,
    planName: r.plan_name ?? r.plan_id,
    amount: Number(r.amount),
    currency: r.currency,
    status: r.status,
    method: r.method,
    createdAt: iso(r.created_at) ?? "",
    approvedAt: iso(r.approved_at),
    periodStart: iso(r.period_start),
    periodEnd: iso(r.period_end),
    receiptUrl: r.receipt_url,
    refundedAmount: Number(r.refunded_amount ?? 0),
    refundedAt: iso(r.refunded_at),
    refundReason: r.refund_reason,
  };
}

const HISTORY_LIMIT = 200;

/**
 * Every payment of `userId` that reached Toss (paid, refunded or failed), newest first; intents that
 * were never paid (pending, canceled) are left out. At most 200 rows.
 */
export async function paymentHistory(sql: AnySql, userId: string): Promise<PaymentRecord[]> {
  const rows = await sql<PaymentRow[]>`
    select p.*, pl.name as plan_name
      from public.payments p left join public.subscription_plans pl on pl.id = p.plan_id
     where p.user_id = ${userId} and p.status in ('done', 'refunded', 'partially_refunded', 'failed')
     order by coalesce(p.approved_at, p.created_at) desc, p.created_at desc, p.id
     limit ${HISTORY_LIMIT}`;
  return rows.map(toRecord);
}

/** One order of `userId` (null when it is not theirs or does not exist). */
export async function orderRecord(sql: AnySql, userId: string, orderId: string): Promise<PaymentRecord | null> {
  const rows = await sql<PaymentRow[]>`
    select p.*, pl.name as plan_name
      from public.payments p left join public.subscription_plans pl on pl.id = p.plan_id
     where p.id = ${orderId} and p.user_id = ${userId}`;
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Any order by id (admins: the caller's RLS decides what is visible), or null. */
export async function paymentById(sql: AnySql, orderId: string): Promise<PaymentRecord | null> {
  const rows = await sql<PaymentRow[]>`
    select p.*, pl.name as plan_name
      from public.payments p left join public.subscription_plans pl on pl.id = p.plan_id
     where p.id = ${orderId}`;
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Paid orders of deleted accounts (탈퇴한 회원), kept as payment records without the person, newest
 * first; at most 200.
 */
export async function withdrawnPayments(sql: AnySql): Promise<PaymentRecord[]> {
  const rows = await sql<PaymentRow[]>`
    select p.*, pl.name as plan_name
      from public.payments p left join public.subscription_plans pl on pl.id = p.plan_id
     where p.user_id is null and p.withdrawn_at is not null
     order by coalesce(p.approved_at, p.created_at) desc, p.id
     limit ${HISTORY_LIMIT}`;
  return rows.map(toRecord);
}

/**
 * The figures of the terms' refund formula for each paid order of `userId` that bought a period: the
 * amount paid, whole days left of the period (a started day counts), the gradings used within it and
 * the plan's gradings per period (monthly limit, × 12 for a year).
 */
export async function withRefundBases(sql: AnySql, userId: string, records: PaymentRecord[]): Promise<PaymentRecord[]> {
  const rows = await sql<{ id: string; period: "monthly" | "yearly"; days: number; used: number; per_period: number }[]>`
    select p.id, coalesce(p.billing_period, 'monthly') as period,
           greatest(0, ceil(extract(epoch from (p.period_end - greatest(now(), p.period_start))) / 86400))::int as days,
           (select count(*)::int from public.grading_usage g
             where g.user_id = p.user_id and g.purpose = 'grading' and g.at >= p.period_start and g.at < p.period_end) as used,
           pl.max_essays_per_month * case when p.billing_period = 'yearly' then 12 else 1 end as per_period
      from public.payments p join public.subscription_plans pl on pl.id = p.plan_id
     where p.user_id = ${userId} and p.status in ('done', 'partially_refunded')
       and p.period_start is not null and p.period_end is not null`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return records.map((rec) => {
    const r = byId.get(rec.orderId);
    return {
      ...rec,
      refundBasis: r
        ? { price: rec.amount, period: r.period, daysRemaining: r.days, gradingsUsed: r.used, gradingsPerPeriod: r.per_period }
        : null,
    };
  });
}
