// The Toss client: auth header, idempotency key, and how failures are classified (no stack needed).
import { describe, expect, it } from "vitest";
import {
  TossError,
  basicAuth,
  confirmIdempotencyKey,
  confirmPayment,
  getPaymentByOrderId,
  tossErrorMessage,
  tossRefundErrorMessage,
} from "../../supabase/functions/api/lib/payments/toss.ts";

const payment = { paymentKey: "pk_1", orderId: "ord_abcdef", status: "DONE", method: "카드", totalAmount: 9900 };

function cfg(fetchImpl: typeof fetch, timeoutMs = 1000) {
  return { apiBase: "https://toss.test/", secretKey: "test_gsk_docs_x", timeoutMs, fetch: fetchImpl };
}

async function failure(p: Promise<unknown>): Promise<TossError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof TossError) return err;
    throw err;
  }
  throw new Error("expected a TossError");
}

describe("Toss client", () => {
  it("encodes the secret key with a trailing colon as Basic auth", () => {
    expect(basicAuth("test_gsk_docs_OaPz8L5KdmQXkzRz3y47BMw6")).toBe(
      `Basic ${Buffer.from("test_gsk_docs_OaPz8L5KdmQXkzRz3y47BMw6:").toString("base64")}`,
    );
  });

  it("posts the confirmation with the per-order idempotency key", async () => {
    let seen: { url: string; init: RequestInit } | null = null;
    const fake = (async (url: string, init: RequestInit) => {
      seen = { url, init };
      return new Response(JSON.stringify(payment), { status: 200 });
    }) as unknown as typeof fetch;
    const out = await confirmPayment(cfg(fake), { paymentKey: "pk_1", orderId: "ord_abcdef", amount: 9900 });
    expect(out.totalAmount).toBe(9900);
    expect(seen!.url).toBe("https://toss.test/v1/payments/confirm");
    const headers = seen!.init.headers as Record<string, string>;
    expect(headers["Idempotency-Key"]).toBe(confirmIdempotencyKey("ord_abcdef"));
    expect(headers["Idempotency-Key"]).toBe("confirm-ord_abcdef");
    expect(headers.Authorization).toBe(basicAuth("test_gsk_docs_x"));
    expect(JSON.parse(String(seen!.init.body))).toEqual({ paymentKey: "pk_1", orderId: "ord_abcdef", amount: 9900 });
  });

  it("classifies 5xx as retryable provider errors and 4xx as final rejections", async () => {
    const answer = (status: number, code: string) =>
      (async () => new Response(JSON.stringify({ code, message: "토스 원문 메시지" }), { status })) as unknown as typeof fetch;

    const provider = await failure(getPaymentByOrderId(cfg(answer(500, "FAILED_INTERNAL_SYSTEM_PROCESSING")), "ord_abcdef"));
    expect(provider).toMatchObject({ kind: "provider", code: "FAILED_INTERNAL_SYSTEM_PROCESSING", retryable: true });

    const rejected = await failure(getPaymentByOrderId(cfg(answer(403, "REJECT_CARD_PAYMENT")), "ord_abcdef"));
    expect(rejected).toMatchObject({ kind: "rejected", code: "REJECT_CARD_PAYMENT", retryable: false });
    expect(tossErrorMessage(rejected)).not.toContain("토스 원문 메시지");
    expect(tossErrorMessage(rejected)).toMatch(/[가-힣]/);
  });

  it("says a refused or failed refund was not processed, with the reason, never a payment-approval text", () => {
    const refused = new TossError("rejected", "SOME_NEW_CANCEL_CODE", 403, "토스 원문 메시지");
    expect(tossRefundErrorMessage(refused)).toMatch(/^환불 요청이 처리되지 않았습니다\. \S/);
    expect(tossRefundErrorMessage(refused)).not.toContain("결제 승인");
    expect(tossRefundErrorMessage(refused)).not.toContain("토스 원문 메시지");
    expect(tossRefundErrorMessage(new TossError("rejected", "NOT_CANCELABLE_PAYMENT", 403, "x"))).toBe(
      "환불 요청이 처리되지 않았습니다. 환불할 수 없는 결제입니다.",
    );
    expect(tossRefundErrorMessage(new TossError("timeout", "TIMEOUT", 0, "x"))).toBe(
      "환불 요청이 처리되지 않았습니다. 결제사 응답이 지연되고 있습니다. 잠시 후 다시 시도해주세요.",
    );
  });

  it("gives up after the timeout with a retryable TIMEOUT error", async () => {
    const hang = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => reject(init.signal!.reason));
      })) as unknown as typeof fetch;
    const started = Date.now();
    const err = await failure(confirmPayment(cfg(hang, 100), { paymentKey: "pk_1", orderId: "ord_abcdef", amount: 1 }));
    expect(err).toMatchObject({ kind: "timeout", code: "TIMEOUT", retryable: true });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
