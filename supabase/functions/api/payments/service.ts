// Orders and their confirmation. Nothing the browser sends about money is trusted: the amount
// comes from the plan row at intent time and every confirmation is checked against the order row.
import type postgres from "postgres";
import { HttpError } from "../lib/errors.ts";
import type { TossConfig, TossPayment } from "../lib/payments/toss.ts";
import { TossError, confirmPayment, getPaymentByKey, receiptUrl, tossErrorMessage } from "../lib/payments/toss.ts";
import { PAYMENT_MESSAGES as M } from "../lib/payments/messages.ts";
import { formatSeoulDateOr } from "../../_shared/format.ts";
import { orderNameFor } from "../../_shared/plans.ts";

type Sql = postgres.Sql;

export interface OrderRow {
  id: string;
  user_id: string;
  plan_id: string;
  amount: number;
  currency: string;
  order_name: string;
  status: "pending" | "done" | "failed" | "canceled" | "refunded" | "partially_refunded";
  payment_key: string | null;
  method: string | null;
  refunded_amount: number;
}

export interface PaymentEffect {
  /** new: a month from now; extend: one more month after the current end; scheduled: a lower plan
   * from the current end; upgrade: a higher plan from now (the rest of the current month lapses). */
  kind: "new" | "extend" | "scheduled" | "upgrade";
  /** When the bought month starts, when not now. */
  startsAt: string | null;
}

export interface ConfirmResult {
  orderId: string;
  orderName: string;
  method: string | null;
  totalAmount: number;
}

const ORDER_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `ord_` + 24 random characters: a valid Toss orderId (6–64 of [A-Za-z0-9_-]). */
export function newOrderId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let s = "ord_";
  for (const b of bytes) s += ORDER_ID_ALPHABET[b % ORDER_ID_ALPHABET.length];
  return s;
}

export async function assertNotGuest(sql: Sql, userId: string, isAnonymous: boolean): Promise<void> {
  if (isAnonymous) throw new HttpError(403, M.guestCannotBuy, { isGuest: 1 });
  const rows = await sql<{ is_guest: boolean }[]>`select is_guest from public.profiles where id = ${userId}`;
  if (!rows[0] || rows[0].is_guest) throw new HttpError(403, M.guestCannotBuy, { isGuest: 1 });
}

export async function createIntent(sql: Sql, userId: string, planId: string) {
  const plans = await sql<{ id: string; name: string; price: number; currency: string }[]>`
    select id, name, price, currency from public.subscription_plans where id = ${planId} and is_active`;
  const plan = plans[0];
  if (!plan) throw new HttpError(404, M.planNotFound);
  if (plan.price <= 0) throw new HttpError(400, M.freePlanNoPayment);
  const effect = await paymentEffect(sql, userId, plan);

  const orderName = orderNameFor(plan.name);
  for (let attempt = 0; ; attempt++) {
    const id = newOrderId();
    try {
      await sql`
        insert into public.payments (id, user_id, plan_id, amount, currency, order_name, status)
        values (${id}, ${userId}, ${plan.id}, ${plan.price}, ${plan.currency}, ${orderName}, 'pending')`;
      return { intentId: id, amount: plan.price, orderName, planId: plan.id, currency: plan.currency, effect };
    } catch (err) {
      if ((err as { code?: string }).code === "23505" && attempt < 3) continue; // id collision
      throw err;
    }
  }
}

/**
 * What paying for `plan` would do now (the same rule as private.activate_subscription), for the
 * payment screen: a new month from now, an extension of the current month, a lower plan prepaid
 * from the current month's end, or a higher plan starting now. A lower plan while another is
 * already prepaid is refused (409).
 */
async function paymentEffect(sql: Sql, userId: string, plan: { id: string; price: number }): Promise<PaymentEffect> {
  await sql`select 1 from private.apply_due_subscription_changes(${userId})`;
  const [s] = await sql<{ plan_id: string; end_date: Date; scheduled_payment_id: string | null; price: number; auto_renew: boolean }[]>`
    select s.plan_id, s.end_date, s.scheduled_payment_id, pl.price, s.auto_renew
      from public.subscriptions s join public.subscription_plans pl on pl.id = s.plan_id
     where s.user_id = ${userId} and s.status = 'active' and s.end_date > now()`;
  if (!s) return { kind: "new", startsAt: null };
  // a subscription that renews on a card changes plan in 결제 관리, not with a one-month pass
  if (s.auto_renew) throw new HttpError(409, M.renewingSubscription);
  if (s.plan_id === plan.id) return { kind: "extend", startsAt: s.end_date.toISOString() };
  if (plan.price < s.price) {
    if (s.scheduled_payment_id) throw new HttpError(409, M.paidSchedule);
    return { kind: "scheduled", startsAt: s.end_date.toISOString() };
  }
  return { kind: "upgrade", startsAt: null };
}

function resultOf(order: OrderRow): ConfirmResult {
  return { orderId: order.id, orderName: order.order_name, method: order.method, totalAmount: order.amount };
}

/** An order already paid: the same payment confirmed again gets the same answer. */
function finished(order: OrderRow, paymentKey: string): ConfirmResult {
  if (order.payment_key === paymentKey) return resultOf(order);
  throw new HttpError(409, M.alreadyPaidOtherKey);
}

type Outcome =
  | { kind: "done"; order: OrderRow }
  | { kind: "closed" }
  | { kind: "toss"; error: TossError }
  | { kind: "not-done" }
  | { kind: "mismatch" }
  | { kind: "schedule-taken" }
  | { kind: "renewing" };

export async function confirmOrder(
  sql: Sql,
  toss: TossConfig,
  userId: string,
  input: { paymentKey: string; orderId: string; amount: number },
): Promise<ConfirmResult> {
  const { paymentKey, orderId, amount } = input;

  // Checks that need no lock and must never reach Toss.
  const found = await sql<OrderRow[]>`select * from public.payments where id = ${orderId}`;
  const order = found[0];
  if (!order || order.user_id !== userId) throw new HttpError(404, M.orderNotFound);
  if (order.status === "done" || order.status === "refunded" || order.status === "partially_refunded") {
    return finished(order, paymentKey);
  }
  if (order.status !== "pending") throw new HttpError(409, M.orderClosed);
  if (order.amount !== amount) throw new HttpError(400, M.amountMismatch, { charged: false });

  // One confirmation per order at a time: the row lock makes concurrent confirmations wait and
  // then find the order done; the conditional update in activate_subscription makes it exactly once.
  const outcome = await sql
    .begin(async (tx): Promise<Outcome> => {
      const locked = await tx<OrderRow[]>`select * from public.payments where id = ${orderId} for update`;
      const o = locked[0];
      if (!o || o.user_id !== userId) return { kind: "closed" };
      if (o.status === "done" || o.status === "refunded" || o.status === "partially_refunded") return { kind: "done", order: o };
      if (o.status !== "pending" || o.amount !== amount) return { kind: "closed" };
      // Holds the buyer's subscription row until this transaction ends; an order that would prepay a
      // second lower plan is closed unpaid here, before Toss is asked (the paid month is never lost).
      const [ready] = await tx<{ ok: boolean }[]>`select private.prepare_order_confirmation(${orderId}) as ok`;
      if (!ready.ok) {
        const [closed] = await tx<{ failure_code: string | null }[]>`select failure_code from public.payments where id = ${orderId}`;
        return { kind: closed?.failure_code === "RENEWING_SUBSCRIPTION" ? "renewing" : "schedule-taken" };
      }

      const recordFailure = (code: string, message: string, status: "pending" | "failed" = "pending") => tx`
      update public.payments
         set failure_code = ${code}, failure_message = ${message.slice(0, 500)}, status = ${status}
       where id = ${orderId} and status = 'pending'`;

      let payment: TossPayment;
      try {
        payment = await confirmPayment(toss, { paymentKey, orderId, amount: o.amount });
      } catch (err) {
        if (!(err instanceof TossError)) throw err;
        if (err.code !== "ALREADY_PROCESSED_PAYMENT") {
          await recordFailure(err.code, err.providerMessage);
          return { kind: "toss", error: err };
        }
        try {
          payment = await getPaymentByKey(toss, paymentKey);
        } catch (lookupErr) {
          if (!(lookupErr instanceof TossError)) throw lookupErr;
          await recordFailure(lookupErr.code, lookupErr.providerMessage);
          return { kind: "toss", error: lookupErr };
        }
      }

      if (payment.paymentKey !== paymentKey || payment.orderId !== orderId || payment.totalAmount !== o.amount) {
        await recordFailure("AMOUNT_MISMATCH", `toss answered orderId=${payment.orderId} totalAmount=${payment.totalAmount}`, "failed");
        console.error(`[payments] provider mismatch for order ${orderId}: ${payment.orderId} ${payment.totalAmount} != ${o.amount}`);
        return { kind: "mismatch" };
      }
      if (payment.status !== "DONE") {
        await recordFailure(`STATUS_${payment.status}`, `payment status ${payment.status}`);
        return { kind: "not-done" };
      }

      await tx`
      select 1 from private.activate_subscription(
        ${orderId}, ${paymentKey}, ${payment.method ?? null}, ${payment.approvedAt ?? null}::timestamptz)`;
      const receipt = receiptUrl(payment);
      if (receipt) await tx`update public.payments set receipt_url = ${receipt} where id = ${orderId} and receipt_url is null`;
      const after = await tx<OrderRow[]>`select * from public.payments where id = ${orderId}`;
      return { kind: "done", order: after[0] };
    })
    .catch((err): Outcome => {
      const e = err as { code?: string; message?: string };
      if (e.code === "P0001" && e.message === "schedule_taken") return { kind: "schedule-taken" };
      if (e.code === "P0001" && e.message === "renewing_subscription") return { kind: "renewing" };
      throw err;
    });

  switch (outcome.kind) {
    case "done":
      return finished(outcome.order, paymentKey);
    case "closed":
      throw new HttpError(409, M.orderClosed);
    case "not-done":
      throw new HttpError(409, M.notDone, { retryable: true });
    case "mismatch":
      throw new HttpError(502, M.providerMismatch, { retryable: false });
    case "renewing":
      throw new HttpError(409, M.renewingSubscription, { retryable: false, charged: false });
    case "schedule-taken":
      throw new HttpError(409, M.scheduleTaken, { retryable: false, charged: false });
    case "toss": {
      const e = outcome.error;
      const status = e.kind === "timeout" ? 504 : e.kind === "rejected" ? 400 : 502;
      // `charged: false` only when Toss refused the approval; after a timeout or an outage the outcome is unknown.
      const extra = e.kind === "rejected" ? { charged: false } : {};
      return Promise.reject(new HttpError(status, tossErrorMessage(e), { code: e.code, retryable: e.retryable, ...extra }));
    }
  }
}

/** Asia/Seoul date and time for messages, e.g. "2026년 12월 22일 오후 3:04". */
export function seoulDateTime(d: Date): string {
  return formatSeoulDateOr(d, "longDateTime", "");
}

interface SubRow {
  plan_id: string;
  status: string;
  start_date: Date;
  end_date: Date | null;
  renews_at: Date | null;
  scheduled_plan_id: string | null;
}

async function subscriptionJson(sql: Sql, s: SubRow) {
  const names = await sql<{ id: string; name: string }[]>`
    select id, name from public.subscription_plans where id in (${s.plan_id}, ${s.scheduled_plan_id ?? s.plan_id})`;
  const name = (id: string) => names.find((n) => n.id === id)?.name ?? id;
  return {
    planId: s.plan_id,
    planName: name(s.plan_id),
    status: s.status,
    startDate: s.start_date?.toISOString?.() ?? null,
    endDate: s.end_date ? s.end_date.toISOString() : null,
    renewsAt: s.renews_at ? s.renews_at.toISOString() : null,
    scheduledPlanId: s.scheduled_plan_id,
    scheduledPlanName: s.scheduled_plan_id ? name(s.scheduled_plan_id) : null,
  };
}

/** Raised by the lifecycle SQL as P0001 with these texts. */
function scheduleError(err: unknown): never {
  const e = err as { code?: string; message?: string };
  if (e.code === "P0001" && e.message === "paid_schedule") throw new HttpError(409, M.paidSchedule);
  if (e.code === "P0001" && e.message === "no_schedule") throw new HttpError(409, M.noSchedule);
  throw err;
}

/**
 * The free plan: during a paid month it is scheduled for the month's end (cancellable);
 * otherwise the account moves to it at once.
 */
export async function selectTrial(sql: Sql, userId: string) {
  const rows = await sql<SubRow[]>`
    select plan_id, status, start_date, end_date, renews_at, scheduled_plan_id
      from private.choose_trial_plan(${userId})`.catch(scheduleError);
  const s = rows[0];
  const scheduled = s.scheduled_plan_id === "trial" && s.end_date;
  return {
    message: scheduled ? M.trialScheduled(seoulDateTime(s.end_date!)) : M.trialSelected,
    scheduled: !!scheduled,
    subscription: await subscriptionJson(sql, s),
  };
}

/** Cancels a scheduled move to the trial plan (a prepaid lower plan is undone only by an admin refund). */
export async function cancelSchedule(sql: Sql, userId: string) {
  const rows = await sql<SubRow[]>`
    select plan_id, status, start_date, end_date, renews_at, scheduled_plan_id
      from private.cancel_scheduled_change(${userId})`.catch(scheduleError);
  return { message: M.scheduleCanceled, subscription: await subscriptionJson(sql, rows[0]) };
}
