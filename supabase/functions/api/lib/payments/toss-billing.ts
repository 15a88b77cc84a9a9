// Toss 자동결제 (billing) API calls, server side only (they use the billing secret key):
//   POST /v1/billing/authorizations/issue { authKey, customerKey } → a Billing object with the billingKey;
//   POST /v1/billing/{billingKey} { customerKey, amount, orderId, orderName } → a Payment object.
// Toss schedules nothing: every charge is ours, each with an Idempotency-Key derived from its order id.
import { type TossConfig, TossError, type TossPayment, callForPayment, tossRequest } from "./toss.ts";

/** The fields of Toss's Billing object this app keeps (never the key itself in a log). */
export interface TossBilling {
  billingKey: string;
  customerKey: string;
  /** Masked by Toss, e.g. 43301234****123*. */
  cardNumber: string;
  cardCompany: string;
}

/** Exchanges the widget's authKey for a billing key of `customerKey`. */
export async function issueBillingKey(cfg: TossConfig, input: { authKey: string; customerKey: string }): Promise<TossBilling> {
  const data = await tossRequest(cfg, "POST", "/v1/billing/authorizations/issue", input);
  const card = (data.card ?? {}) as Record<string, unknown>;
  if (typeof data.billingKey !== "string" || !data.billingKey || data.customerKey !== input.customerKey) {
    throw new TossError("provider", "INVALID_RESPONSE", 200, "unexpected billing response");
  }
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    billingKey: data.billingKey,
    customerKey: input.customerKey,
    cardNumber: str(data.cardNumber) || str(card.number),
    cardCompany: str(data.cardCompany) || str(card.issuerCode),
  };
}

/** The Idempotency-Key of one charge: one per order id, so a retried call replays Toss's first answer. */
export function chargeIdempotencyKey(orderId: string): string {
  return `charge-${orderId}`;
}

/** Charges `amount` KRW on the billing key (order `orderId`). */
export function chargeBillingKey(
  cfg: TossConfig,
  billingKey: string,
  input: { customerKey: string; amount: number; orderId: string; orderName: string },
): Promise<TossPayment> {
  return callForPayment(cfg, "POST", `/v1/billing/${encodeURIComponent(billingKey)}`, input, {
    "Idempotency-Key": chargeIdempotencyKey(input.orderId),
  });
}

/** Toss's masked card number (e.g. 43301234****123*) in groups of 4; only digits and * are kept. */
export function maskCard(number: string): string {
  const chars = number.replace(/[^0-9*]/g, "").slice(0, 19);
  return chars.replace(/(.{4})(?=.)/g, "$1-");
}
