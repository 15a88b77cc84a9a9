// Subscriptions on a card kept on file (Toss 자동결제): choosing a plan (subscribe), the card coming back
// from Toss's billing auth (registerCard: billing key issued, stored encrypted, first period charged at
// once), and 구독 해지 / 해지 취소. The amount always comes from subscription_plans, never the browser.
import type postgres from "postgres";
import { HttpError } from "../lib/errors.ts";
import type { TossConfig } from "../lib/payments/toss.ts";
import { TossError, receiptUrl, tossErrorMessage } from "../lib/payments/toss.ts";
import { chargeBillingKey, issueBillingKey, maskCard } from "../lib/payments/toss-billing.ts";
import { decryptBillingKey, encryptBillingKey } from "../lib/billing/crypto.ts";
import { formatSeoulDateOr } from "../../_shared/format.ts";
import { BILLING_MESSAGES as M } from "./messages.ts";

type Sql = postgres.Sql;
import type { BillingPeriod } from "../../_shared/billing-types.ts";
export type { BillingPeriod };

const seoulDate = (d: Date | string) => formatSeoulDateOr(d, "date", "");

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
function randomId(prefix: string, n: number): string {
  let s = prefix;
  for (const b of crypto.getRandomValues(new Uint8Array(n))) s += ALPHABET[b % ALPHABET.length];
  return s;
}

interface Account {
  id: string;
  customer_key: string;
  pending_plan_id: string | null;
  pending_period: BillingPeriod | null;
}

/** The caller's billing account, made on first use with a random Toss customerKey. */
export async function ensureAccount(sql: Sql, userId: string): Promise<Account> {
  await sql`
    insert into private.billing_accounts (owner_user_id, customer_key)
    values (${userId}, ${randomId("cus_", 32)})
    on conflict (owner_user_id) do nothing`;
  const [a] = await sql<Account[]>`
    select id, customer_key, pending_plan_id, pending_period from private.billing_accounts where owner_user_id = ${userId}`;
  return a;
}

interface PlanPrice {
  id: string;
  name: string;
  price: number;
  yearly_price: number | null;
}

export async function paidPlan(sql: Sql, planId: string): Promise<PlanPrice> {
  const [plan] = await sql<PlanPrice[]>`
    select id, name, price, yearly_price from public.subscription_plans where id = ${planId} and is_active`;
  if (!plan) throw new HttpError(404, M.planNotFound);
  if (plan.price <= 0) throw new HttpError(400, M.freePlan);
  return plan;
}

export const periodLabel = (p: BillingPeriod) => (p === "yearly" ? "연간" : "월간");

/**
 * POST /billing/subscribe: records the chosen plan and period on the caller's billing account and
 * answers what the widget needs (customerKey) and what will be charged and when (the first period
 * now, then every period until cancelled), before any card is asked for.
 */
export async function subscribe(sql: Sql, userId: string, planId: string, period: BillingPeriod, clientKey: string) {
  const plan = await paidPlan(sql, planId);
  if (period === "yearly" && plan.yearly_price === null) throw new HttpError(400, M.noYearly);
  const [sub] = await sql<{ auto_renew: boolean; end_date: Date | null; in_force: boolean }[]>`
    select auto_renew, end_date, (status = 'active' and end_date > now()) as in_force
      from public.subscriptions where user_id = ${userId}`;
  if (sub?.in_force && sub.auto_renew) throw new HttpError(409, M.alreadySubscribed);
  if (sub?.in_force) throw new HttpError(409, M.passActive(seoulDate(sub.end_date!)));

  const account = await ensureAccount(sql, userId);
  await sql`
    update private.billing_accounts set pending_plan_id = ${plan.id}, pending_period = ${period}, pending_at = now()
     where id = ${account.id}`;
  const amount = period === "yearly" ? plan.yearly_price! : plan.price;
  const [{ renews_at }] = await sql<{ renews_at: Date }[]>`
    select now() + private.billing_interval(${period}) as renews_at`;
  return {
    customerKey: account.customer_key,
    clientKey,
    planId: plan.id,
    planName: plan.name,
    period,
    amount,
    orderName: `${plan.name} 정기 구독 (${periodLabel(period)})`,
    /** The first period is charged when the card is registered; the next at renewsAt. */
    renewsAt: renews_at.toISOString(),
    yearlySaving: plan.yearly_price === null ? null : plan.price * 12 - plan.yearly_price,
  };
}

export function tossHttpError(err: TossError): HttpError {
  const status = err.kind === "timeout" ? 504 : err.kind === "rejected" ? 400 : 502;
  return new HttpError(status, tossErrorMessage(err), { code: err.code, retryable: err.retryable });
}

/**
 * POST /billing/card: the widget's authKey is exchanged for a billing key of the caller's customerKey
 * (stored encrypted, card number masked), then the first period of the chosen plan is charged.
 */
export async function registerCard(
  sql: Sql,
  toss: TossConfig,
  keySecret: string,
  userId: string,
  input: { authKey: string; customerKey: string },
) {
  let cardNumber = "";
  const registered = await sql.begin(async (tx) => {
    const [a] = await tx<Account[]>`
      select id, customer_key, pending_plan_id, pending_period from private.billing_accounts
       where owner_user_id = ${userId} for update`;
    if (!a || a.customer_key !== input.customerKey) throw new HttpError(400, M.customerMismatch);
    const [renewing] = await tx<{ past_due: boolean }[]>`
      select renewal_attempts > 0 as past_due from public.subscriptions
       where user_id = ${userId} and auto_renew and status = 'active' and end_date > now()`;
    if (!a.pending_plan_id && !renewing) throw new HttpError(409, M.nothingPending);
    let billing;
    try {
      billing = await issueBillingKey(toss, input);
    } catch (err) {
      if (err instanceof TossError) {
        if (err.kind === "rejected") throw new HttpError(400, M.cardRejected, { code: err.code });
        throw tossHttpError(err);
      }
      throw err;
    }
    cardNumber = billing.cardNumber;
    const ciphertext = await encryptBillingKey(keySecret, a.id, billing.billingKey);
    await tx`
      insert into private.billing_keys (billing_account_id, key_ciphertext, card_masked, card_company)
      values (${a.id}, ${ciphertext}, ${maskCard(billing.cardNumber)}, ${billing.cardCompany.slice(0, 40)})
      on conflict (billing_account_id) do update
        set key_ciphertext = excluded.key_ciphertext, card_masked = excluded.card_masked,
            card_company = excluded.card_company, registered_at = now()`;
    if (a.pending_plan_id) return "subscribe" as const;
    // 결제 수단 변경: a declined renewal is tried again on the new card at the next tick
    if (renewing?.past_due) await tx`update public.subscriptions set next_attempt_at = now() where user_id = ${userId}`;
    return "changed" as const;
  });
  if (registered === "changed") return { message: M.cardChanged, card: { masked: maskCard(cardNumber) } };
  return await chargeFirstPeriod(sql, toss, keySecret, userId);
}

/** 결제 수단 변경: the customerKey the widget registers a new card for (only while a subscription renews). */
export async function startCardChange(sql: Sql, userId: string, clientKey: string) {
  const [renewing] = await sql<{ one: number }[]>`
    select 1 as one from public.subscriptions where user_id = ${userId} and auto_renew and status = 'active' and end_date > now()`;
  if (!renewing) throw new HttpError(409, M.notSubscribed);
  const account = await ensureAccount(sql, userId);
  await sql`update private.billing_accounts set pending_plan_id = null, pending_period = null where id = ${account.id}`;
  return { customerKey: account.customer_key, clientKey };
}

/**
 * Charges the first period of the account's chosen plan on its card, under the account's row lock.
 * A pending first order of the last day is charged again with the same order id (Toss replays a charge
 * it already made); a decline leaves the card and the choice in place (another card may be registered).
 */
async function chargeFirstPeriod(sql: Sql, toss: TossConfig, keySecret: string, userId: string) {
  return await sql
    .begin(async (tx) => {
      const [a] = await tx<(Account & { key_ciphertext: string | null })[]>`
      select a.id, a.customer_key, a.pending_plan_id, a.pending_period, k.key_ciphertext
        from private.billing_accounts a left join private.billing_keys k on k.billing_account_id = a.id
       where a.owner_user_id = ${userId} for update of a`;
      if (!a?.pending_plan_id || !a.pending_period || !a.key_ciphertext) throw new HttpError(409, M.nothingPending);
      const plan = await paidPlan(tx as unknown as Sql, a.pending_plan_id);
      const amount = a.pending_period === "yearly" ? plan.yearly_price : plan.price;
      if (amount === null) throw new HttpError(400, M.noYearly);
      const orderName = `${plan.name} 정기 구독 (${periodLabel(a.pending_period)})`;

      const [existing] = await tx<{ id: string }[]>`
      select id from public.payments
       where billing_account_id = ${a.id} and kind = 'subscription' and status = 'pending'
         and plan_id = ${plan.id} and billing_period = ${a.pending_period} and amount = ${amount}
         and created_at > now() - interval '1 day'
       order by created_at desc limit 1`;
      const orderId = existing?.id ?? randomId("sub_", 24);
      if (!existing) {
        await tx`
        insert into public.payments (id, user_id, plan_id, amount, order_name, status, kind, billing_account_id, billing_period)
        values (${orderId}, ${userId}, ${plan.id}, ${amount}, ${orderName}, 'pending', 'subscription', ${a.id}, ${a.pending_period})`;
      }
      const billingKey = await decryptBillingKey(keySecret, a.id, a.key_ciphertext);
      try {
        const payment = await chargeBillingKey(toss, billingKey, { customerKey: a.customer_key, amount, orderId, orderName });
        if (payment.orderId !== orderId || payment.totalAmount !== amount || payment.status !== "DONE") {
          console.error(`[billing] first charge ${orderId}: Toss answered ${payment.status} ${payment.totalAmount}`);
          throw new HttpError(502, tossErrorMessage(new TossError("provider", "INVALID_RESPONSE", 200, "")));
        }
        const [sub] = await tx<{ renews_at: Date }[]>`
        select renews_at from private.start_billing_subscription(${orderId}, ${payment.paymentKey},
          ${payment.method ?? null}, ${payment.approvedAt ?? null}, ${receiptUrl(payment)})`;
        return { orderId, amount, renewsAt: sub.renews_at.toISOString(), message: M.subscribed(seoulDate(sub.renews_at)) };
      } catch (err) {
        if (!(err instanceof TossError)) throw err;
        if (err.kind === "rejected") {
          await tx`
          update public.payments set status = 'failed', failure_code = ${err.code},
                 failure_message = ${err.providerMessage.slice(0, 300)}
           where id = ${orderId} and status = 'pending'`;
          return { failed: tossHttpError(err) };
        }
        await tx`
        update public.payments set failure_code = ${err.code} where id = ${orderId} and status = 'pending'`;
        return { failed: tossHttpError(err) };
      }
    })
    .then((r) => {
      if ("failed" in r) throw r.failed; // thrown after the commit, so the failed order is recorded
      return r;
    });
}

/** 구독 해지: renewal stops; the plan stays until the paid period ends (at once when already past it). */
export async function cancelSubscription(sql: Sql, userId: string) {
  return await sql.begin(async (tx) => {
    const [s] = await tx<{ auto_renew: boolean; canceled_at: Date | null; renews_at: Date; due: boolean; active: boolean }[]>`
      select auto_renew, canceled_at, renews_at, renews_at <= now() as due, (status = 'active' and end_date > now()) as active
        from public.subscriptions where user_id = ${userId} for update`;
    if (!s?.auto_renew || !s.active) throw new HttpError(409, M.notSubscribed);
    if (s.canceled_at) throw new HttpError(409, M.alreadyCanceled);
    await tx`
      update public.subscriptions set canceled_at = now(), end_date = greatest(renews_at, now()), next_attempt_at = null
       where user_id = ${userId}`;
    if (s.due) {
      await tx`select private.apply_due_subscription_changes(${userId}::uuid)`;
      return { message: M.canceledNow, endsAt: new Date().toISOString() };
    }
    return { message: M.canceled(seoulDate(s.renews_at)), endsAt: s.renews_at.toISOString() };
  });
}

/** 해지 취소: before the period ends, renewal goes on as before. */
export async function resumeSubscription(sql: Sql, userId: string) {
  return await sql.begin(async (tx) => {
    const [s] = await tx<{ auto_renew: boolean; canceled_at: Date | null; renews_at: Date; open: boolean }[]>`
      select auto_renew, canceled_at, renews_at, (status = 'active' and renews_at > now()) as open
        from public.subscriptions where user_id = ${userId} for update`;
    if (!s?.auto_renew) throw new HttpError(409, M.notSubscribed);
    if (!s.canceled_at) throw new HttpError(409, M.notCanceled);
    if (!s.open) throw new HttpError(409, M.periodOver);
    await tx`
      update public.subscriptions set canceled_at = null, end_date = renews_at + private.billing_grace()
       where user_id = ${userId}`;
    return { message: M.resumed(seoulDate(s.renews_at)), renewsAt: s.renews_at.toISOString() };
  });
}
