// Orders and their confirmation. Nothing the browser sends about money is trusted: the amount
// comes from the plan row at intent time and every confirmation is checked against the order row.
import type postgres from "postgres";
import { HttpError } from "../lib/errors.ts";
import type { TossConfig, TossPayment } from "./toss.ts";
import { TossError, confirmPayment, getPaymentByKey, tossErrorMessage } from "./toss.ts";
import { PAYMENT_MESSAGES as M } from "./messages.ts";

type Sql = postgres.Sql;

export interface OrderRow {
  id: string;
  user_id: string;
  plan_id: string;
  amount: number;
  currency: string;
  order_name: string;
  status: "pending" | "done" | "failed" | "canceled";
  payment_key: string | null;
  method: string | null;
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

  const orderName = `${plan.name} 구독`;
  for (let attempt = 0; ; attempt++) {
    const id = newOrderId();
    try {
      await sql`
        insert into public.payments (id, user_id, plan_id, amount, currency, order_name, status)
        values (${id}, ${userId}, ${plan.id}, ${plan.price}, ${plan.currency}, ${orderName}, 'pending')`;
      return { intentId: id, amount: plan.price, orderName, planId: plan.id, currency: plan.currency };
    } catch (err) {
      if ((err as { code?: string }).code === "23505" && attempt < 3) continue; // id collision
      throw err;
    }
  }
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
  | { kind: "mismatch" };

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
  if (order.status === "done") return finished(order, paymentKey);
  if (order.status !== "pending") throw new HttpError(409, M.orderClosed);
  if (order.amount !== amount) throw new HttpError(400, M.amountMismatch);

  // One confirmation per order at a time: the row lock makes concurrent confirmations wait and
  // then find the order done; the conditional update in activate_subscription makes it exactly once.
  const outcome = await sql.begin(async (tx): Promise<Outcome> => {
    const locked = await tx<OrderRow[]>`select * from public.payments where id = ${orderId} for update`;
    const o = locked[0];
    if (!o || o.user_id !== userId) return { kind: "closed" };
    if (o.status === "done") return { kind: "done", order: o };
    if (o.status !== "pending" || o.amount !== amount) return { kind: "closed" };

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
    const after = await tx<OrderRow[]>`select * from public.payments where id = ${orderId}`;
    return { kind: "done", order: after[0] };
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
    case "toss": {
      const e = outcome.error;
      const status = e.kind === "timeout" ? 504 : e.kind === "rejected" ? 400 : 502;
      return Promise.reject(new HttpError(status, tossErrorMessage(e), { code: e.code, retryable: e.retryable }));
    }
  }
}

export async function selectTrial(sql: Sql, userId: string) {
  const rows = await sql<{ plan_id: string; status: string; start_date: Date; end_date: Date | null; renews_at: Date | null }[]>`
    select plan_id, status, start_date, end_date, renews_at from private.select_trial_plan(${userId})`;
  const s = rows[0];
  const plan = await sql<{ name: string }[]>`select name from public.subscription_plans where id = 'trial'`;
  return {
    message: M.trialSelected,
    subscription: {
      planId: s.plan_id,
      planName: plan[0]?.name ?? "trial",
      status: s.status,
      startDate: s.start_date?.toISOString?.() ?? null,
      endDate: s.end_date ? s.end_date.toISOString() : null,
      renewsAt: s.renews_at ? s.renews_at.toISOString() : null,
    },
  };
}
