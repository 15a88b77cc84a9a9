// 플랜 변경 of a subscription that renews on a card. An upgrade (a dearer plan, same period) starts
// now and charges the difference for the days left (_shared/proration.ts) on the card on file, under
// the subscription's row lock with an order id derived from the subscription, the target plan and the
// period start (so a double submit charges once); renews_at stays and the next renewal charges the
// new price. A downgrade or a period change is scheduled for the next renewal (that renewal charges
// the new plan's price and switches it) and can be cancelled until then. A quote says which, how
// much and when before anything is charged.
import type postgres from "postgres";
import { HttpError } from "../lib/errors.ts";
import type { TossConfig } from "../lib/payments/toss.ts";
import { TossError, receiptUrl, tossErrorMessage } from "../lib/payments/toss.ts";
import { chargeBillingKey } from "../lib/payments/toss-billing.ts";
import { decryptBillingKey } from "../lib/billing/crypto.ts";
import { formatSeoulDateOr, formatWon } from "../../_shared/format.ts";
import { periodDays, upgradeCharge } from "../../_shared/proration.ts";
import { BILLING_MESSAGES as M } from "./messages.ts";
import { paidPlan, periodLabel, tossHttpError } from "./service.ts";
import type { BillingPeriod, ChangeQuote } from "../../_shared/billing-types.ts";

type Sql = postgres.Sql;
type Tx = postgres.TransactionSql;

const seoulDate = (d: Date) => formatSeoulDateOr(d, "date", "");

interface Renewing {
  id: string;
  plan_id: string;
  billing_period: BillingPeriod | null;
  price: number | null;
  plan_price: number | null;
  start_date: Date;
  renews_at: Date;
  canceled_at: Date | null;
  renewal_attempts: number;
  billing_account_id: string;
  change_plan_id: string | null;
  now: Date;
}

/** The caller's subscription that renews on a card, optionally locked; 409 in Korean when none can change. */
async function renewing(sql: Sql | Tx, userId: string, lock: boolean): Promise<Renewing> {
  const [s] = await sql<Renewing[]>`
    select s.id, s.plan_id, s.billing_period, s.price, private.billing_price(s.plan_id, coalesce(s.billing_period, 'monthly')) as plan_price,
           s.start_date, s.renews_at, s.canceled_at, s.renewal_attempts, s.billing_account_id, s.change_plan_id, now() as now
      from public.subscriptions s
     where s.user_id = ${userId} and s.auto_renew and s.status = 'active' and s.end_date > now()
       and s.billing_account_id is not null
     ${lock ? sql`for update` : sql``}`;
  if (!s) throw new HttpError(409, M.notSubscribed);
  if (s.canceled_at) throw new HttpError(409, M.changeCanceled);
  if (s.renewal_attempts > 0 || s.renews_at <= s.now) throw new HttpError(409, M.changePastDue);
  return s;
}

async function quoteFor(sql: Sql | Tx, s: Renewing, planId: string, wanted?: BillingPeriod): Promise<ChangeQuote> {
  const plan = await paidPlan(sql as Sql, planId);
  const current: BillingPeriod = s.billing_period ?? "monthly";
  const period = wanted ?? current;
  const price = period === "yearly" ? plan.yearly_price : plan.price;
  if (price === null) throw new HttpError(400, M.noYearly);
  if (plan.id === s.plan_id && period === current) throw new HttpError(409, M.samePlan);
  const base = { planId: plan.id, planName: plan.name, period, nextAmount: price };
  const renewal = seoulDate(s.renews_at);
  if (period !== current) {
    return {
      ...base,
      kind: "period",
      amount: 0,
      effectiveAt: s.renews_at.toISOString(),
      daysLeft: null,
      daysInPeriod: null,
      message: M.quoteScheduled(renewal, `${plan.name} 플랜(${periodLabel(period)} 결제)`, formatWon(price)),
    };
  }
  const locked = s.price ?? s.plan_price ?? 0;
  if (price > locked) {
    const { daysLeft, daysInPeriod } = periodDays(s.start_date, s.renews_at, s.now);
    const amount = upgradeCharge({ oldPrice: locked, newPrice: price, daysLeft, daysInPeriod });
    return {
      ...base,
      kind: "upgrade",
      amount,
      effectiveAt: s.now.toISOString(),
      daysLeft,
      daysInPeriod,
      message: M.quoteUpgrade(plan.name, daysLeft, formatWon(amount), renewal, formatWon(price)),
    };
  }
  return {
    ...base,
    kind: "downgrade",
    amount: 0,
    effectiveAt: s.renews_at.toISOString(),
    daysLeft: null,
    daysInPeriod: null,
    message: M.quoteScheduled(renewal, `${plan.name} 플랜`, formatWon(price)),
  };
}

/** POST /billing/change/quote (or /billing/change with confirm: false): what the change would do. */
export async function quoteChange(sql: Sql, userId: string, planId: string, period?: BillingPeriod): Promise<ChangeQuote> {
  return await quoteFor(sql, await renewing(sql, userId, false), planId, period);
}

/** The order id of an upgrade: the subscription, the target plan, the period start and the attempt. */
function upgradeOrderPrefix(s: Renewing, planId: string): string {
  return `up_${s.id.replaceAll("-", "")}_${planId}_${Math.floor(s.start_date.getTime() / 1000)}`;
}

type Outcome = { ok: ChangeQuote & { orderId: string | null } } | { failed: HttpError };

/** POST /billing/change: an upgrade is charged and applied now; a downgrade or period change is scheduled. */
export async function changePlan(sql: Sql, toss: TossConfig, keySecret: string, userId: string, planId: string, period?: BillingPeriod) {
  const outcome = await sql.begin(async (tx): Promise<Outcome> => {
    const [sub] = await tx<{ id: string; start_date: Date; plan_id: string }[]>`
      select id, start_date, plan_id from public.subscriptions where user_id = ${userId} for update`;
    // the same upgrade submitted twice: the second finds it done and gets the same answer
    if (sub) {
      const prefix = `up_${sub.id.replaceAll("-", "")}_${planId}_${Math.floor(sub.start_date.getTime() / 1000)}_`;
      const [done] = await tx<{ id: string; amount: number }[]>`
        select id, amount from public.payments
         where kind = 'upgrade' and status in ('done', 'partially_refunded', 'refunded') and starts_with(id, ${prefix})`;
      if (done && sub.plan_id === planId) {
        const [plan] = await tx<{ name: string }[]>`select name from public.subscription_plans where id = ${planId}`;
        return { ok: await upgradeDone(tx, userId, done.id, done.amount, plan?.name ?? planId) };
      }
    }
    const s = await renewing(tx, userId, false);
    const quote = await quoteFor(tx, s, planId, period);
    if (quote.kind !== "upgrade") {
      await tx`
        update public.subscriptions
           set change_plan_id = ${quote.planId}, change_period = ${quote.period}, change_price = ${quote.nextAmount}
         where id = ${s.id}`;
      return { ok: { ...quote, orderId: null, message: M.changeScheduled(quote.message) } };
    }
    if (quote.amount < 1) {
      // no whole won left to charge (the renewal is less than a day away): the plan switches now
      await tx`
        update public.subscriptions set plan_id = ${quote.planId}, price = ${quote.nextAmount}, next_price = null,
               next_price_from = null, change_plan_id = null, change_period = null, change_price = null
         where id = ${s.id}`;
      return { ok: { ...quote, orderId: null, message: M.upgraded(quote.planName, null) } };
    }
    return await chargeUpgrade(tx, toss, keySecret, userId, s, quote);
  });
  if ("failed" in outcome) throw outcome.failed; // thrown after the commit, so the failed order is recorded
  return outcome.ok;
}

async function upgradeDone(tx: Tx, userId: string, orderId: string, amount: number, planName: string) {
  const [s] = await tx<{ plan_id: string; billing_period: BillingPeriod | null; renews_at: Date; price: number }[]>`
    select plan_id, billing_period, renews_at, price from public.subscriptions where user_id = ${userId}`;
  return {
    kind: "upgrade" as const,
    planId: s.plan_id,
    planName,
    period: s.billing_period ?? "monthly",
    amount,
    effectiveAt: new Date().toISOString(),
    nextAmount: s.price,
    daysLeft: null,
    daysInPeriod: null,
    orderId,
    message: M.upgraded(planName, formatWon(amount)),
  };
}

async function chargeUpgrade(
  tx: Tx,
  toss: TossConfig,
  keySecret: string,
  userId: string,
  s: Renewing,
  quote: ChangeQuote,
): Promise<Outcome> {
  const [a] = await tx<{ customer_key: string; key_ciphertext: string | null }[]>`
    select a.customer_key, k.key_ciphertext
      from private.billing_accounts a left join private.billing_keys k on k.billing_account_id = a.id
     where a.id = ${s.billing_account_id}`;
  if (!a?.key_ciphertext) throw new HttpError(409, M.noCard);
  const prefix = upgradeOrderPrefix(s, quote.planId);
  // an order whose outcome was lost is sent again as it was; after a decline the next attempt gets a new id
  const tries = await tx<{ id: string; status: string; amount: number }[]>`
    select id, status, amount from public.payments where kind = 'upgrade' and starts_with(id, ${prefix + "_"})`;
  const pending = tries.find((t) => t.status === "pending" && t.amount === quote.amount);
  const orderId = pending?.id ?? `${prefix}_${tries.length}`;
  const orderName = `${quote.planName} 플랜 변경 차액 (${periodLabel(quote.period)})`;
  if (!pending) {
    await tx`
      insert into public.payments (id, user_id, plan_id, amount, order_name, status, kind, billing_account_id,
                                   billing_period, period_start, period_end)
      values (${orderId}, ${userId}, ${quote.planId}, ${quote.amount}, ${orderName}, 'pending', 'upgrade',
              ${s.billing_account_id}, ${quote.period}, now(), ${s.renews_at})`;
  }
  const billingKey = await decryptBillingKey(keySecret, s.billing_account_id, a.key_ciphertext);
  try {
    const payment = await chargeBillingKey(toss, billingKey, { customerKey: a.customer_key, amount: quote.amount, orderId, orderName });
    if (payment.orderId !== orderId || payment.totalAmount !== quote.amount || payment.status !== "DONE") {
      console.error(`[billing] upgrade ${orderId}: Toss answered ${payment.status} ${payment.totalAmount}`);
      return { failed: new HttpError(502, tossErrorMessage(new TossError("provider", "INVALID_RESPONSE", 200, ""))) };
    }
    const [sub] = await tx<{ id: string | null }[]>`
      select id from private.record_plan_upgrade(${orderId}, ${payment.paymentKey}, ${payment.method ?? null},
                                                 ${payment.approvedAt ?? null}, ${receiptUrl(payment)})`;
    if (!sub?.id) console.error(`[billing] upgrade ${orderId}: charged but the subscription did not change`);
    return { ok: { ...quote, orderId, message: M.upgraded(quote.planName, formatWon(quote.amount)) } };
  } catch (err) {
    if (!(err instanceof TossError)) throw err;
    const rejected = err.kind === "rejected";
    await tx`
      update public.payments set status = ${rejected ? "failed" : "pending"}, failure_code = ${err.code},
             failure_message = ${err.providerMessage.slice(0, 300)}
       where id = ${orderId} and status = 'pending'`;
    const e = tossHttpError(err);
    return { failed: rejected ? new HttpError(e.status, M.upgradeDeclined(e.message), { code: err.code, charged: false }) : e };
  }
}

/** POST /billing/change/cancel: a scheduled downgrade or period change is dropped; the plan renews as it is. */
export async function cancelScheduledChange(sql: Sql, userId: string) {
  const [s] = await sql<{ renews_at: Date }[]>`
    update public.subscriptions set change_plan_id = null, change_period = null, change_price = null
     where user_id = ${userId} and auto_renew and (change_plan_id is not null or change_period is not null)
    returning renews_at`;
  if (!s) throw new HttpError(409, M.noScheduledChange);
  return { message: M.changeCanceledOk(seoulDate(s.renews_at)) };
}
