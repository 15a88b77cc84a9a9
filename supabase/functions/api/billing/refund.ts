// 환불 요청: a member refunds their own charge in full within 7 days of it when no grading was used
// since (the terms' cooling-off); Toss's cancel API, then the refund recorded on the payment
// (private.record_refund ends the plan it bought and stops renewal). Otherwise 403 with why.
import type postgres from "postgres";
import { HttpError } from "../lib/errors.ts";
import { cancelTossConfig } from "../lib/payments/config.ts";
import { refundOrder, type LockedOrder } from "../lib/payments/refund.ts";
import { formatWon } from "../../_shared/format.ts";
import { BILLING_MESSAGES as M } from "./messages.ts";

type Sql = postgres.Sql;

/** Days after the charge within which a member may ask for a full refund. */
export const MEMBER_REFUND_DAYS = 7;
const REASON = "회원 환불 요청(결제 후 7일 이내, 미사용)";

export async function memberRefund(sql: Sql, userId: string, paymentId: string) {
  const [kind] = await sql<{ kind: string }[]>`select kind from public.payments where id = ${paymentId}`;
  if (!kind) throw new HttpError(404, M.refundNotFound);
  const guard = async (tx: postgres.TransactionSql, o: LockedOrder) => {
    const [p] = await tx<{ mine: boolean; within: boolean; used: number }[]>`
      select (p.user_id = ${userId}::uuid
              or p.billing_account_id in (select a.id from private.billing_accounts a where a.owner_user_id = ${userId}::uuid)) as mine,
             p.approved_at > now() - make_interval(days => ${MEMBER_REFUND_DAYS}) as within,
             (select count(*)::int from public.grading_usage g
               where g.user_id = ${userId}::uuid and g.purpose = 'grading' and g.at >= p.approved_at) as used
        from public.payments p where p.id = ${o.id}`;
    if (!p?.mine) throw new HttpError(404, M.refundNotFound);
    // an upgrade's prorated difference is refunded by an admin (the plan it bought stays in force)
    if (kind.kind === "upgrade") throw new HttpError(409, M.refundNotRefundable);
    if (o.status !== "done" || o.refunded_amount > 0) throw new HttpError(409, M.refundNotRefundable);
    if (!p.within) throw new HttpError(403, M.refundExpired, { reason: "expired" });
    if (p.used > 0) throw new HttpError(403, M.refundUsed, { reason: "used" });
  };
  try {
    await refundOrder(sql, cancelTossConfig(kind.kind), userId, paymentId, { reason: REASON }, guard);
  } catch (err) {
    // someone else's order reads as missing, like a wrong id
    if (err instanceof HttpError && err.status === 404) throw new HttpError(404, M.refundNotFound);
    throw err;
  }
  const [p] = await sql<{ amount: number }[]>`select refunded_amount as amount from public.payments where id = ${paymentId}`;
  return { message: M.refunded(formatWon(p.amount)), paymentId, refundedAmount: p.amount };
}
