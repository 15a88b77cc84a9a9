// Renewals (Toss 자동결제): the scheduled tick charges every subscription whose period is due, exactly
// once per period and attempt. private.claim_due_renewal locks one due subscription (skipping rows
// another instance holds) and names the order (derived from the subscription, the period start and
// the attempt); the charge goes out with an Idempotency-Key derived from that order id, and the outcome
// is recorded in the same transaction. A crash mid-call rolls the order back; the next tick computes
// the same order id and key, so Toss replays its first answer instead of charging again.
import type postgres from "postgres";
import type { TossConfig } from "../payments/toss.ts";
import { TossError, receiptUrl } from "../payments/toss.ts";
import { chargeBillingKey } from "../payments/toss-billing.ts";
import { decryptBillingKey } from "./crypto.ts";

type Sql = postgres.Sql;

interface DueRenewal {
  subscription_id: string;
  user_id: string;
  billing_account_id: string;
  customer_key: string;
  key_ciphertext: string | null;
  plan_id: string;
  /** The order name: `<plan> 정기 구독 (월간|연간)`. */
  plan_name: string;
  billing_period: "monthly" | "yearly";
  amount: number | null;
  period_start: Date;
  period_end: Date;
  attempt: number;
  order_id: string;
}

export type RenewalOutcome = "renewed" | "declined" | "deferred";

/** How long a charge whose outcome is unknown (timeout, 5xx, network) waits before the same order is tried again. */
const DEFER = "10 minutes";

async function renewOne(sql: Sql, toss: TossConfig, keySecret: string): Promise<RenewalOutcome | null> {
  return await sql.begin(async (tx) => {
    const [due] = await tx<DueRenewal[]>`select * from private.claim_due_renewal()`;
    if (!due) return null;
    const defer = async () => {
      await tx`update public.subscriptions set next_attempt_at = now() + ${DEFER}::interval where id = ${due.subscription_id}`;
      return "deferred" as const;
    };
    const fail = async (code: string, message: string) => {
      await tx`select 1 from private.record_renewal_failure(${due.order_id}, ${code}, ${message})`;
      return "declined" as const;
    };
    if (!due.key_ciphertext) return await fail("NO_BILLING_KEY", "no card on file");
    if (!due.amount || due.amount < 1) return await fail("NO_PRICE", "the plan has no price for this period");

    let billingKey: string;
    try {
      billingKey = await decryptBillingKey(keySecret, due.billing_account_id, due.key_ciphertext);
    } catch {
      console.error(`[billing] renewal ${due.order_id}: the stored billing key does not decrypt (BILLING_KEY_SECRET changed?)`);
      return await defer();
    }
    try {
      const payment = await chargeBillingKey(toss, billingKey, {
        customerKey: due.customer_key,
        amount: due.amount,
        orderId: due.order_id,
        orderName: due.plan_name,
      });
      if (payment.orderId !== due.order_id || payment.totalAmount !== due.amount || payment.status !== "DONE") {
        console.error(`[billing] renewal ${due.order_id}: Toss answered ${payment.status} ${payment.totalAmount}`);
        return await defer();
      }
      const [renewed] = await tx<{ id: string | null }[]>`
        select id from private.record_renewal(${due.order_id}, ${payment.paymentKey}, ${payment.method ?? null},
                                              ${payment.approvedAt ?? null}, ${receiptUrl(payment)})`;
      if (!renewed?.id) {
        console.error(`[billing] renewal ${due.order_id}: charged but the subscription did not move on`);
        return await defer();
      }
      return "renewed" as const;
    } catch (err) {
      if (!(err instanceof TossError)) throw err;
      if (err.kind === "rejected") return await fail(err.code, err.providerMessage);
      // nothing decided (or not known): the same order and key are tried again later
      await tx`
        update public.payments set failure_code = ${err.code}, failure_message = ${err.providerMessage.slice(0, 300)}
         where id = ${due.order_id} and status = 'pending'`;
      return await defer();
    }
  });
}

/** Charges what is due (at most `max` subscriptions this run) and queues the 7-day renewal notices. */
export async function runRenewals(sql: Sql, toss: TossConfig, keySecret: string, max = 50) {
  const counts: Record<RenewalOutcome, number> = { renewed: 0, declined: 0, deferred: 0 };
  for (let i = 0; i < max; i++) {
    const outcome = await renewOne(sql, toss, keySecret);
    if (!outcome) break;
    counts[outcome]++;
  }
  const [{ notices }] = await sql<{ notices: number }[]>`select private.queue_renewal_notices() as notices`;
  return { ...counts, notices };
}
