// Admin refunds: Toss's cancel API, then the refund recorded on the payment row (private.record_refund),
// which ends what a fully refunded payment bought.
import type postgres from "postgres";
import { HttpError } from "../errors.ts";
import type { TossConfig, TossPayment } from "./toss.ts";
import { TossError, cancelIdempotencyKey, cancelPayment, tossRefundErrorMessage } from "./toss.ts";
import { PAYMENT_MESSAGES as M } from "./messages.ts";

type Sql = postgres.Sql;

export interface LockedOrder {
  id: string;
  /** null: the buyer's account was deleted (the order kept as a payment record). */
  user_id: string | null;
  amount: number;
  status: string;
  payment_key: string | null;
  refunded_amount: number;
}

/**
 * Refunds `amount` KRW of order `orderId` (the whole remaining balance when undefined). The order row
 * is locked for the Toss call, so two admins cannot refund the same money twice; the Idempotency-Key
 * (`cancel-<orderId>-<refunded so far>`) makes a retry after a lost answer replay Toss's first answer.
 */
export async function refundOrder(
  sql: Sql,
  toss: TossConfig,
  adminId: string,
  orderId: string,
  input: { amount?: number; reason: string },
  /** Checks under the order's lock, before Toss is called (throws an HttpError to refuse). */
  guard?: (tx: postgres.TransactionSql, order: LockedOrder) => Promise<void>,
) {
  const outcome = await sql.begin(async (tx) => {
    const [o] = await tx<LockedOrder[]>`
      select id, user_id, amount, status, payment_key, refunded_amount from public.payments where id = ${orderId} for update`;
    if (!o) return { kind: "missing" as const };
    if (guard) await guard(tx, o);
    const left = o.amount - o.refunded_amount;
    const amount = input.amount ?? left;
    if (!o.payment_key || !["done", "partially_refunded"].includes(o.status) || amount < 1 || amount > left) {
      return { kind: "refused" as const };
    }
    let payment: TossPayment;
    try {
      payment = await cancelPayment(toss, {
        paymentKey: o.payment_key,
        cancelReason: input.reason,
        cancelAmount: amount === left && o.refunded_amount === 0 ? undefined : amount,
        idempotencyKey: cancelIdempotencyKey(o.id, o.refunded_amount),
      });
    } catch (err) {
      if (err instanceof TossError) return { kind: "toss" as const, error: err };
      throw err;
    }
    if (payment.paymentKey !== o.payment_key || (typeof payment.balanceAmount === "number" && payment.balanceAmount !== left - amount)) {
      console.error(`[payments] refund of ${o.id}: Toss balance ${payment.balanceAmount} != ${left - amount}`);
    }
    await tx`select 1 from private.record_refund(${o.id}, ${amount}, ${input.reason}, ${adminId}::uuid)`;
    return { kind: "ok" as const, userId: o.user_id };
  });
  if (outcome.kind === "missing") throw new HttpError(404, M.orderNotFound);
  if (outcome.kind === "refused") throw new HttpError(409, M.notRefundable);
  if (outcome.kind === "toss") {
    const e = outcome.error;
    const status = e.kind === "timeout" ? 504 : e.kind === "rejected" ? 409 : 502;
    throw new HttpError(status, tossRefundErrorMessage(e), { code: e.code, retryable: e.retryable });
  }
  return { message: M.refunded, userId: outcome.userId };
}
