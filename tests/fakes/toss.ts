// A local stand-in for the Toss Payments core API (api.tosspayments.com), used by tests.
// The scenario is chosen by the paymentKey prefix:
//   pk_ok_…       confirm succeeds (DONE); a second confirm of the same key → ALREADY_PROCESSED_PAYMENT
//   pk_slow_…     like pk_ok_ but answers after 300 ms (widens race windows)
//   pk_already_…  confirm answers 400 ALREADY_PROCESSED_PAYMENT; the payment exists as DONE for lookups
//   pk_fail_…     confirm answers 500 FAILED_INTERNAL_SYSTEM_PROCESSING (provider error)
//   pk_reject_…   confirm answers 403 REJECT_CARD_PAYMENT
//   pk_hang_…     confirm never answers (the caller must time out)
//   pk_mismatch_… confirm answers DONE with totalAmount = amount + 1000
// POST /v1/payments/{paymentKey}/cancel {cancelReason, cancelAmount?}: refunds (all of the balance when
//   cancelAmount is absent) → status CANCELED or PARTIAL_CANCELED with `cancels`; a key starting
//   pk_norefund_ answers 403 NOT_CANCELABLE_PAYMENT; a fully canceled payment 400 ALREADY_CANCELED_PAYMENT.
// Billing (자동결제):
//   POST /v1/billing/authorizations/issue {authKey, customerKey} → a Billing object with a new billingKey;
//     an authKey starting auth_reject_ answers 403 REJECT_CARD_COMPANY, a used authKey 400 INVALID_AUTH_KEY.
//   POST /v1/billing/{billingKey} {customerKey, amount, orderId, orderName} → a DONE Payment (the key must
//     belong to customerKey, else 403 NOT_MATCHES_CUSTOMER_KEY); an orderId already paid → 400
//     DUPLICATED_ORDER_ID; the customer's scenario (POST /__customers/{customerKey} {charge}) decides:
//     ok (default), decline (403 REJECT_CARD_PAYMENT), fail (500), hang (no answer).
// Idempotency-Key: a repeated key replays the first non-5xx answer, as Toss does.
// GET /__requests lists every request received; DELETE /__requests clears the log.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  at: string;
}

export interface FakeToss {
  url: string;
  requests(): RecordedRequest[];
  reset(): void;
  stop(): Promise<void>;
}

interface TossPayment {
  mId: string;
  version: string;
  paymentKey: string;
  orderId: string;
  orderName: string;
  status: "DONE" | "CANCELED" | "PARTIAL_CANCELED";
  method: string;
  currency: "KRW";
  totalAmount: number;
  balanceAmount: number;
  suppliedAmount: number;
  vat: number;
  requestedAt: string;
  approvedAt: string;
  type: "NORMAL";
  country: "KR";
  receipt: { url: string };
  cancels: { cancelAmount: number; cancelReason: string; canceledAt: string; transactionKey: string }[] | null;
  card: {
    issuerCode: string;
    acquirerCode: string;
    number: string;
    installmentPlanMonths: number;
    approveNo: string;
    cardType: string;
    ownerType: string;
  };
}

function kstIso(d = new Date()): string {
  const k = new Date(d.getTime() + 9 * 3600_000);
  return k.toISOString().replace(/\.\d{3}Z$/, "+09:00");
}

function makePayment(paymentKey: string, orderId: string, amount: number): TossPayment {
  const now = kstIso();
  return {
    mId: "tgen_docs",
    version: "2022-11-16",
    paymentKey,
    orderId,
    orderName: "테스트 주문",
    status: "DONE",
    method: "카드",
    currency: "KRW",
    totalAmount: amount,
    balanceAmount: amount,
    suppliedAmount: Math.round(amount / 1.1),
    vat: amount - Math.round(amount / 1.1),
    requestedAt: now,
    approvedAt: now,
    type: "NORMAL",
    country: "KR",
    receipt: { url: `https://dashboard.tosspayments.com/receipt/redirection?transactionId=${encodeURIComponent(paymentKey)}&ref=PX` },
    cancels: null,
    card: {
      issuerCode: "61",
      acquirerCode: "31",
      number: "43301234****123*",
      installmentPlanMonths: 0,
      approveNo: "00000000",
      cardType: "신용",
      ownerType: "개인",
    },
  };
}

const ERRORS = {
  already: { status: 400, code: "ALREADY_PROCESSED_PAYMENT", message: "이미 처리된 결제 입니다." },
  fail: {
    status: 500,
    code: "FAILED_INTERNAL_SYSTEM_PROCESSING",
    message: "내부 시스템 처리 작업이 실패했습니다. 잠시 후 다시 시도해주세요.",
  },
  reject: { status: 403, code: "REJECT_CARD_PAYMENT", message: "한도초과 혹은 잔액부족으로 결제에 실패했습니다." },
  notFound: { status: 404, code: "NOT_FOUND_PAYMENT", message: "존재하지 않는 결제 정보 입니다." },
  unauthorized: { status: 401, code: "UNAUTHORIZED_KEY", message: "인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다." },
  badRequest: { status: 400, code: "INVALID_REQUEST", message: "잘못된 요청입니다." },
  alreadyCanceled: { status: 400, code: "ALREADY_CANCELED_PAYMENT", message: "이미 취소된 결제 입니다." },
  notCancelable: { status: 403, code: "NOT_CANCELABLE_PAYMENT", message: "취소 할 수 없는 결제 입니다." },
  notCancelableAmount: { status: 403, code: "NOT_CANCELABLE_AMOUNT", message: "취소 할 수 없는 금액 입니다." },
  rejectCompany: { status: 403, code: "REJECT_CARD_COMPANY", message: "카드사에서 거절했습니다." },
  invalidAuthKey: { status: 400, code: "INVALID_AUTH_KEY", message: "유효하지 않은 인증 키입니다." },
  notMatchesCustomer: { status: 403, code: "NOT_MATCHES_CUSTOMER_KEY", message: "빌링키와 고객키가 일치하지 않습니다." },
  duplicatedOrder: { status: 400, code: "DUPLICATED_ORDER_ID", message: "이미 승인 및 취소가 진행된 중복된 주문번호 입니다." },
} as const;

type ChargeScenario = "ok" | "decline" | "fail" | "hang";

export async function startFakeToss(opts: { port?: number } = {}): Promise<FakeToss & { stop(): Promise<void> }> {
  const log: RecordedRequest[] = [];
  const byKey = new Map<string, TossPayment>();
  const idem = new Map<string, { status: number; body: unknown }>();
  const sockets = new Set<Socket>();
  const billingKeys = new Map<string, string>(); // billingKey → customerKey
  const usedAuthKeys = new Set<string>();
  const scenarios = new Map<string, ChargeScenario>(); // customerKey → charge scenario

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  const err = (e: { status: number; code: string; message: string }) => ({ status: e.status, body: { code: e.code, message: e.message } });

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let data = "";
      req.setEncoding("utf8");
      req.on("data", (c) => (data += c));
      req.on("end", () => resolve(data));
      req.on("error", reject);
    });

  async function confirm(body: Record<string, unknown>): Promise<{ status: number; body: unknown } | "hang"> {
    const paymentKey = String(body.paymentKey ?? "");
    const orderId = String(body.orderId ?? "");
    const amount = Number(body.amount);
    if (!paymentKey || !orderId || !Number.isInteger(amount)) return err(ERRORS.badRequest);
    if (paymentKey.startsWith("pk_hang_")) return "hang";
    if (paymentKey.startsWith("pk_fail_")) return err(ERRORS.fail);
    if (paymentKey.startsWith("pk_reject_")) return err(ERRORS.reject);
    if (byKey.has(paymentKey)) return err(ERRORS.already);
    if (paymentKey.startsWith("pk_already_")) {
      byKey.set(paymentKey, makePayment(paymentKey, orderId, amount));
      return err(ERRORS.already);
    }
    if (paymentKey.startsWith("pk_slow_")) await new Promise((r) => setTimeout(r, 300));
    const total = paymentKey.startsWith("pk_mismatch_") ? amount + 1000 : amount;
    const p = makePayment(paymentKey, orderId, total);
    byKey.set(paymentKey, p);
    return { status: 200, body: p };
  }

  function cancel(paymentKey: string, body: Record<string, unknown>): { status: number; body: unknown } {
    const p = byKey.get(paymentKey);
    if (!p) return err(ERRORS.notFound);
    if (typeof body.cancelReason !== "string" || !body.cancelReason.trim()) return err(ERRORS.badRequest);
    if (paymentKey.startsWith("pk_norefund_")) return err(ERRORS.notCancelable);
    if (p.status === "CANCELED") return err(ERRORS.alreadyCanceled);
    const amount = body.cancelAmount === undefined ? p.balanceAmount : Number(body.cancelAmount);
    if (!Number.isInteger(amount) || amount < 1 || amount > p.balanceAmount) return err(ERRORS.notCancelableAmount);
    p.balanceAmount -= amount;
    p.status = p.balanceAmount === 0 ? "CANCELED" : "PARTIAL_CANCELED";
    p.cancels = [
      ...(p.cancels ?? []),
      {
        cancelAmount: amount,
        cancelReason: body.cancelReason,
        canceledAt: kstIso(),
        transactionKey: `tx_${Math.random().toString(36).slice(2, 12)}`,
      },
    ];
    return { status: 200, body: p };
  }

  function issue(body: Record<string, unknown>): { status: number; body: unknown } {
    const authKey = String(body.authKey ?? "");
    const customerKey = String(body.customerKey ?? "");
    if (!authKey || !customerKey) return err(ERRORS.badRequest);
    if (authKey.startsWith("auth_reject_")) return err(ERRORS.rejectCompany);
    if (usedAuthKeys.has(authKey)) return err(ERRORS.invalidAuthKey);
    usedAuthKeys.add(authKey);
    const billingKey = `bk_${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
    billingKeys.set(billingKey, customerKey);
    return {
      status: 200,
      body: {
        mId: "tvivarepublica",
        customerKey,
        authenticatedAt: kstIso(),
        method: "카드",
        billingKey,
        card: { issuerCode: "61", acquirerCode: "31", number: "43301234****123*", cardType: "신용", ownerType: "개인" },
        cardCompany: "현대",
        cardNumber: "43301234****123*",
      },
    };
  }

  async function charge(billingKey: string, body: Record<string, unknown>): Promise<{ status: number; body: unknown } | "hang"> {
    const customerKey = String(body.customerKey ?? "");
    const orderId = String(body.orderId ?? "");
    const amount = Number(body.amount);
    if (!customerKey || !orderId || !Number.isInteger(amount) || amount < 1 || typeof body.orderName !== "string") {
      return err(ERRORS.badRequest);
    }
    const owner = billingKeys.get(billingKey);
    if (!owner) return err(ERRORS.notFound);
    if (owner !== customerKey) return err(ERRORS.notMatchesCustomer);
    const scenario = scenarios.get(customerKey) ?? "ok";
    if (scenario === "hang") return "hang";
    if (scenario === "fail") return err(ERRORS.fail);
    if (scenario === "decline") return err(ERRORS.reject);
    if ([...byKey.values()].some((p) => p.orderId === orderId)) return err(ERRORS.duplicatedOrder);
    const paymentKey = `pk_billing_${Math.random().toString(36).slice(2, 14)}`;
    const p = makePayment(paymentKey, orderId, amount);
    p.orderName = String(body.orderName);
    byKey.set(paymentKey, p);
    return { status: 200, body: p };
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      /* keep raw text */
    }

    if (url.pathname === "/__requests") {
      if (req.method === "DELETE") {
        log.length = 0;
        return send(res, 204, null);
      }
      return send(res, 200, log);
    }

    const scenarioMatch = /^\/__customers\/([^/]+)$/.exec(url.pathname);
    if (scenarioMatch && req.method === "POST") {
      const charge = (body as { charge?: ChargeScenario } | null)?.charge ?? "ok";
      scenarios.set(decodeURIComponent(scenarioMatch[1]), charge);
      return send(res, 204, null);
    }

    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(", ") : String(v ?? "");
    log.push({ method: req.method ?? "GET", path: url.pathname, headers, body, at: new Date().toISOString() });

    const auth = headers["authorization"] ?? "";
    const m = /^Basic ([A-Za-z0-9+/=]+)$/.exec(auth);
    const decoded = m ? Buffer.from(m[1], "base64").toString("utf8") : "";
    if (!decoded.endsWith(":") || decoded.length < 2) {
      const e = err(ERRORS.unauthorized);
      return send(res, e.status, e.body);
    }

    if (req.method === "POST" && url.pathname === "/v1/payments/confirm") {
      const key = headers["idempotency-key"];
      if (key && idem.has(key)) {
        const cached = idem.get(key)!;
        return send(res, cached.status, cached.body);
      }
      const out = await confirm((body ?? {}) as Record<string, unknown>);
      if (out === "hang") return; // never answer; the socket is destroyed on stop()
      if (key && out.status < 500) idem.set(key, out);
      return send(res, out.status, out.body);
    }

    if (req.method === "POST" && url.pathname === "/v1/billing/authorizations/issue") {
      const out = issue((body ?? {}) as Record<string, unknown>);
      return send(res, out.status, out.body);
    }

    const chargeMatch = /^\/v1\/billing\/([^/]+)$/.exec(url.pathname);
    if (req.method === "POST" && chargeMatch) {
      const key = headers["idempotency-key"];
      if (key && idem.has(key)) {
        const cached = idem.get(key)!;
        return send(res, cached.status, cached.body);
      }
      const out = await charge(decodeURIComponent(chargeMatch[1]), (body ?? {}) as Record<string, unknown>);
      if (out === "hang") return;
      if (key && out.status < 500) idem.set(key, out);
      return send(res, out.status, out.body);
    }

    const cancelMatch = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(url.pathname);
    if (req.method === "POST" && cancelMatch) {
      const key = headers["idempotency-key"];
      if (key && idem.has(key)) {
        const cached = idem.get(key)!;
        return send(res, cached.status, cached.body);
      }
      const out = cancel(decodeURIComponent(cancelMatch[1]), (body ?? {}) as Record<string, unknown>);
      if (key && out.status < 500) idem.set(key, JSON.parse(JSON.stringify(out)));
      return send(res, out.status, out.body);
    }

    if (req.method === "GET") {
      const byOrder = /^\/v1\/payments\/orders\/([^/]+)$/.exec(url.pathname);
      if (byOrder) {
        const orderId = decodeURIComponent(byOrder[1]);
        const p = [...byKey.values()].find((x) => x.orderId === orderId);
        if (!p) {
          const e = err(ERRORS.notFound);
          return send(res, e.status, e.body);
        }
        return send(res, 200, p);
      }
      const byPk = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname);
      if (byPk) {
        const p = byKey.get(decodeURIComponent(byPk[1]));
        if (!p) {
          const e = err(ERRORS.notFound);
          return send(res, e.status, e.body);
        }
        return send(res, 200, p);
      }
    }

    const e = err(ERRORS.notFound);
    send(res, e.status, e.body);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    requests: () => [...log],
    reset: () => {
      log.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
