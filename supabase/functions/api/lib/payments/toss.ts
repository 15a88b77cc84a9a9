// Toss Payments core API client (server side only: it holds the secret key).
// Confirm: POST {base}/v1/payments/confirm; lookups: GET {base}/v1/payments/{paymentKey} and
// GET {base}/v1/payments/orders/{orderId}. Auth: `Basic base64(secretKey + ":")`.
import { PAYMENT_MESSAGES } from "./messages.ts";

export interface TossConfig {
  apiBase: string;
  secretKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** The fields of Toss's Payment object this app relies on. */
export interface TossPayment {
  paymentKey: string;
  orderId: string;
  orderName?: string;
  status: string;
  method?: string | null;
  totalAmount: number;
  approvedAt?: string | null;
  currency?: string;
  /** Toss's receipt page, when it gives one. */
  receipt?: { url?: string | null } | null;
  /** What is left after cancellations (refunds). */
  balanceAmount?: number;
}

export type TossFailureKind = "timeout" | "network" | "provider" | "rejected";

/** A failed Toss call. `code` is Toss's error code (or TIMEOUT / NETWORK_ERROR). */
export class TossError extends Error {
  constructor(
    public readonly kind: TossFailureKind,
    public readonly code: string,
    public readonly httpStatus: number,
    /** Toss's own message; for logs and the order row, never shown to users as is. */
    public readonly providerMessage: string,
  ) {
    super(`${code}: ${providerMessage}`);
    this.name = "TossError";
  }

  /** True when the same confirmation may be tried again later (nothing was decided at Toss). */
  get retryable(): boolean {
    return this.kind !== "rejected";
  }
}

export function basicAuth(secretKey: string): string {
  const bytes = new TextEncoder().encode(`${secretKey}:`);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return `Basic ${btoa(bin)}`;
}

/** One Idempotency-Key per order: a retried confirmation of the same order is the same request to Toss. */
export function confirmIdempotencyKey(orderId: string): string {
  return `confirm-${orderId}`;
}

/** One Toss API call: the JSON body of a 2xx answer, else a TossError (timeouts, network, 4xx/5xx). */
export async function tossRequest(
  cfg: TossConfig,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const url = `${cfg.apiBase.replace(/\/+$/, "")}${path}`;
  const h: Record<string, string> = { Authorization: basicAuth(cfg.secretKey), Accept: "application/json", ...headers };
  if (body !== undefined) h["Content-Type"] = "application/json";

  let res: Response;
  try {
    res = await (cfg.fetch ?? fetch)(url, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(cfg.timeoutMs),
    });
  } catch (err) {
    const name = (err as { name?: string })?.name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new TossError("timeout", "TIMEOUT", 0, `no answer within ${cfg.timeoutMs} ms`);
    }
    throw new TossError("network", "NETWORK_ERROR", 0, String((err as Error)?.message ?? err));
  }

  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    const name = (err as { name?: string })?.name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new TossError("timeout", "TIMEOUT", 0, `no answer within ${cfg.timeoutMs} ms`);
    }
    throw new TossError("network", "NETWORK_ERROR", res.status, String((err as Error)?.message ?? err));
  }
  let data: Record<string, unknown>;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = {};
  }

  if (!res.ok) {
    const code = typeof data.code === "string" ? data.code : `HTTP_${res.status}`;
    const message = typeof data.message === "string" ? data.message : text.slice(0, 200);
    const kind: TossFailureKind = res.status >= 500 || res.status === 429 || RETRYABLE_CODES.has(code) ? "provider" : "rejected";
    throw new TossError(kind, code, res.status, message);
  }
  return data;
}

/** A Toss call answering a Payment object (checked for the fields this app relies on). */
export async function callForPayment(
  cfg: TossConfig,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<TossPayment> {
  const data = await tossRequest(cfg, method, path, body, headers);
  if (typeof data.paymentKey !== "string" || typeof data.orderId !== "string" || typeof data.totalAmount !== "number") {
    throw new TossError("provider", "INVALID_RESPONSE", 200, "unexpected response body");
  }
  return data as unknown as TossPayment;
}

/** Codes where nothing was decided and a later retry can succeed. */
const RETRYABLE_CODES = new Set([
  "PROVIDER_ERROR",
  "FAILED_INTERNAL_SYSTEM_PROCESSING",
  "FAILED_PAYMENT_INTERNAL_SYSTEM_PROCESSING",
  "FAILED_CARD_COMPANY_RESPONSE",
  "UNKNOWN_PAYMENT_ERROR",
  "IDEMPOTENT_REQUEST_PROCESSING",
]);

export function confirmPayment(cfg: TossConfig, input: { paymentKey: string; orderId: string; amount: number }): Promise<TossPayment> {
  return callForPayment(cfg, "POST", "/v1/payments/confirm", input, { "Idempotency-Key": confirmIdempotencyKey(input.orderId) });
}

/** One Idempotency-Key per refund step of an order: a retried cancel replays Toss's first answer. */
export function cancelIdempotencyKey(orderId: string, refundedSoFar: number): string {
  return `cancel-${orderId}-${refundedSoFar}`;
}

/**
 * POST /v1/payments/{paymentKey}/cancel: refunds `cancelAmount` (the whole balance when omitted).
 * Answers the Payment object (status CANCELED or PARTIAL_CANCELED).
 */
export function cancelPayment(
  cfg: TossConfig,
  input: { paymentKey: string; cancelReason: string; cancelAmount?: number; idempotencyKey: string },
): Promise<TossPayment> {
  const body: Record<string, unknown> = { cancelReason: input.cancelReason };
  if (input.cancelAmount !== undefined) body.cancelAmount = input.cancelAmount;
  return callForPayment(cfg, "POST", `/v1/payments/${encodeURIComponent(input.paymentKey)}/cancel`, body, {
    "Idempotency-Key": input.idempotencyKey,
  });
}

/** The receipt link of a Toss payment, when it is an https URL. */
export function receiptUrl(payment: TossPayment): string | null {
  const url = payment.receipt?.url;
  return typeof url === "string" && /^https:\/\//.test(url) && url.length <= 2000 ? url : null;
}

export function getPaymentByKey(cfg: TossConfig, paymentKey: string): Promise<TossPayment> {
  return callForPayment(cfg, "GET", `/v1/payments/${encodeURIComponent(paymentKey)}`);
}

export function getPaymentByOrderId(cfg: TossConfig, orderId: string): Promise<TossPayment> {
  return callForPayment(cfg, "GET", `/v1/payments/orders/${encodeURIComponent(orderId)}`);
}

/** Korean, user-presentable text for a failed confirmation (Toss's raw message is never echoed). */
export function tossErrorMessage(err: TossError): string {
  const transient = transientMessage(err);
  if (transient) return transient;
  return REJECTED_MESSAGES[err.code] ?? "결제 승인이 거절되었습니다. 결제 정보를 확인한 뒤 다시 시도해주세요.";
}

/** A failed refund (Toss cancel): "환불 요청이 처리되지 않았습니다." and why, never a payment-approval text. */
export function tossRefundErrorMessage(err: TossError): string {
  const reason =
    transientMessage(err) ??
    REFUND_REJECTED_MESSAGES[err.code] ??
    "결제사가 환불 요청을 거절했습니다. 결제사 관리자 화면에서 결제 상태를 확인해 주세요.";
  return `${PAYMENT_MESSAGES.refundFailed} ${reason}`;
}

function transientMessage(err: TossError): string | null {
  if (err.kind === "timeout") return "결제사 응답이 지연되고 있습니다. 잠시 후 다시 시도해주세요.";
  if (err.kind === "network") return "결제사에 연결할 수 없습니다. 잠시 후 다시 시도해주세요.";
  if (err.kind === "provider") return "결제사 처리 중 오류가 발생했습니다. 잠시 후 다시 시도해주세요.";
  return null;
}

const REFUND_REJECTED_MESSAGES: Record<string, string> = {
  ALREADY_CANCELED_PAYMENT: "이미 취소된 결제입니다.",
  NOT_CANCELABLE_AMOUNT: "환불할 수 없는 금액입니다.",
  NOT_CANCELABLE_PAYMENT: "환불할 수 없는 결제입니다.",
  EXCEED_CANCEL_AMOUNT_DISCOUNT_AMOUNT: "즉시할인금액보다 적은 금액은 부분 환불할 수 없습니다.",
  NOT_FOUND_PAYMENT: "결제사에서 이 결제를 찾을 수 없습니다.",
  UNAUTHORIZED_KEY: "결제 설정 오류입니다. 관리자에게 문의해주세요.",
  INVALID_API_KEY: "결제 설정 오류입니다. 관리자에게 문의해주세요.",
  FORBIDDEN_REQUEST: "허용되지 않은 요청입니다.",
};

const REJECTED_MESSAGES: Record<string, string> = {
  ALREADY_PROCESSED_PAYMENT: "이미 처리된 결제입니다.",
  NOT_FOUND_PAYMENT: "결제 정보를 찾을 수 없습니다.",
  NOT_FOUND_PAYMENT_SESSION: "결제 시간이 만료되었습니다. 다시 결제해주세요.",
  REJECT_CARD_PAYMENT: "카드 한도 초과 또는 잔액 부족으로 결제가 거절되었습니다.",
  REJECT_CARD_COMPANY: "카드사에서 결제를 거절했습니다. 카드 정보를 확인해주세요.",
  INVALID_CARD_NUMBER: "카드 번호가 올바르지 않습니다.",
  INVALID_STOPPED_CARD: "정지된 카드입니다.",
  INVALID_CARD_EXPIRATION: "카드 유효기간이 올바르지 않습니다.",
  EXCEED_MAX_DAILY_PAYMENT_COUNT: "하루 결제 가능 횟수를 초과했습니다.",
  EXCEED_MAX_PAYMENT_AMOUNT: "결제 가능 금액을 초과했습니다.",
  INVALID_REQUEST: "잘못된 결제 요청입니다.",
  UNAUTHORIZED_KEY: "결제 설정 오류입니다. 관리자에게 문의해주세요.",
  INVALID_API_KEY: "결제 설정 오류입니다. 관리자에게 문의해주세요.",
  FORBIDDEN_REQUEST: "허용되지 않은 결제 요청입니다.",
  DUPLICATED_ORDER_ID: "이미 사용된 주문번호입니다. 다시 결제해주세요.",
  ALREADY_CANCELED_PAYMENT: "이미 취소된 결제입니다.",
  NOT_CANCELABLE_AMOUNT: "취소할 수 없는 금액입니다.",
  NOT_CANCELABLE_PAYMENT: "취소할 수 없는 결제입니다.",
  EXCEED_CANCEL_AMOUNT_DISCOUNT_AMOUNT: "즉시할인금액보다 적은 금액은 부분취소할 수 없습니다.",
};
