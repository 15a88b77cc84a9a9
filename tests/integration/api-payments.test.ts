// Payments against the local fake Toss API (tests/fakes/toss.ts): intents, confirmation, exactly-once activation.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { config } from "../../local/config.ts";
import { requireFakeToss } from "../helpers/stack.ts";
import { api, closeTestSql, createGuest, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { expectApiError } from "../helpers/expect-api.ts";

interface TossRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: any;
}

const sql = () => testSql();
const tossUrl = requireFakeToss();

afterAll(async () => {
  await closeTestSql();
});

const pk = (scenario: string) => `pk_${scenario}_${randomBytes(8).toString("hex")}`;

async function tossRequests(filter: (r: TossRequest) => boolean = () => true): Promise<TossRequest[]> {
  const res = await fetch(`${tossUrl}/__requests`);
  return ((await res.json()) as TossRequest[]).filter(filter);
}

const confirmsFor = (orderId: string) =>
  tossRequests((r) => r.method === "POST" && r.path === "/v1/payments/confirm" && r.body?.orderId === orderId);

async function intent(user: TestUser, planId = "educator") {
  const res = await api("/payments/create-intent", { token: user.token, json: { planId } });
  expect(res.status).toBe(201);
  return res.body as { intentId: string; amount: number };
}

function confirm(user: TestUser, body: Record<string, unknown>) {
  return api("/payments/toss-confirm", { token: user.token, json: body });
}

/** A new member's order for the educator plan, confirmed with the fake Toss acting out `scenario` (see pk). */
async function confirmNewOrder(scenario: string) {
  const member = await createMember();
  const { intentId, amount } = await intent(member);
  const paymentKey = pk(scenario);
  const res = await confirm(member, { paymentKey, orderId: intentId, amount });
  return { member, intentId, amount, paymentKey, res };
}

async function order(id: string) {
  const [row] = await sql()<any[]>`select * from public.payments where id = ${id}`;
  return row;
}

async function subscription(userId: string) {
  const [row] = await sql()<any[]>`
    select plan_id, status, start_date, end_date, renews_at, last_payment_id, updated_at,
           end_date = start_date + interval '1 month' as one_period
      from public.subscriptions where user_id = ${userId}`;
  return row;
}

describe("POST /payments/create-intent", () => {
  it("creates a pending order priced from the database, ignoring any amount sent by the browser", async () => {
    const member = await createMember();
    const res = await api("/payments/create-intent", { token: member.token, json: { planId: "educator", amount: 100 } });
    expect(res.status).toBe(201);
    expect(res.body.amount).toBe(29900);
    expect(res.body.intentId).toMatch(/^[A-Za-z0-9_-]{6,64}$/);
    const row = await order(res.body.intentId);
    expect(row).toMatchObject({
      user_id: member.user.id,
      plan_id: "educator",
      amount: 29900,
      status: "pending",
      order_name: "교육자 1개월 이용권",
    });
    expect(row.payment_key).toBeNull();
  });

  it("gives every intent its own order id", async () => {
    const member = await createMember();
    const a = await intent(member);
    const b = await intent(member);
    expect(a.intentId).not.toBe(b.intentId);
  });

  it("rejects unknown plans, the free plan, guests and anonymous callers", async () => {
    const member = await createMember();
    const createIntent = (planId: string, token?: string) => api("/payments/create-intent", { token, json: { planId } });
    expectApiError(await createIntent("platinum", member.token), 400, "플랜을 찾을 수 없습니다.");
    expectApiError(await createIntent("trial", member.token), 400, "무료 플랜은 결제가 필요하지 않습니다.");

    const guest = await createGuest();
    expectApiError(await createIntent("educator", guest.token), 403, /회원가입/);
    const [{ n }] = await sql()<{ n: number }[]>`select count(*)::int as n from public.payments where user_id = ${guest.user.id}`;
    expect(n).toBe(0);

    expect((await createIntent("educator")).status).toBe(401);
  });
});

describe("POST /payments/toss-confirm", () => {
  it("confirms with Toss once, with the exact auth header and idempotency key, and activates the plan", async () => {
    const { member, intentId, paymentKey, res } = await confirmNewOrder("ok");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ orderId: intentId, orderName: "교육자 1개월 이용권", method: "카드", totalAmount: 29900 });

    const calls = await confirmsFor(intentId);
    expect(calls).toHaveLength(1);
    const expectedAuth = `Basic ${Buffer.from(`${config.toss.secretKey}:`).toString("base64")}`;
    expect(calls[0].headers.authorization).toBe(expectedAuth);
    expect(Buffer.from(calls[0].headers.authorization.slice(6), "base64").toString()).toBe(`${config.toss.secretKey}:`);
    expect(calls[0].headers["idempotency-key"]).toBe(`confirm-${intentId}`);
    expect(calls[0].headers["content-type"]).toMatch(/^application\/json/);
    expect(calls[0].body).toEqual({ paymentKey, orderId: intentId, amount: 29900 });

    const row = await order(intentId);
    expect(row).toMatchObject({ status: "done", payment_key: paymentKey, method: "카드" });
    expect(row.approved_at).toBeInstanceOf(Date);

    const sub = await subscription(member.user.id);
    expect(sub).toMatchObject({ plan_id: "educator", status: "active", last_payment_id: intentId, one_period: true });
    expect(sub.renews_at.getTime()).toBe(sub.end_date.getTime());
    expect(Math.abs(sub.start_date.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("makes usage and subscription status show the new plan right after", async () => {
    const { member, res } = await confirmNewOrder("ok");
    expect(res.status).toBe(200);

    const usage = await api("/usage/status", { token: member.token });
    expect(usage.status).toBe(200);
    expect(usage.body.usage).toEqual({ current: 0, limit: 500 });
    expect(usage.body.plan.id).toBe("educator");

    const status = await api("/subscription/status", { token: member.token });
    expect(status.body.plan.id).toBe("educator");
    expect(status.body.subscription.status).toBe("active");

    const me = await api("/auth/me", { token: member.token });
    expect(me.body.subscription).toMatchObject({ planId: "educator", status: "active" });
  });

  it("rejects a tampered amount without calling Toss and changes nothing", async () => {
    const member = await createMember();
    const { intentId } = await intent(member);
    const before = await subscription(member.user.id);

    const res = await confirm(member, { paymentKey: pk("ok"), orderId: intentId, amount: 100 });
    expect(res.status).toBe(400);
    // Toss was never asked to approve: the message says nothing was charged, and the body says so too.
    expect(res.body.error).toBe("결제 금액이 주문 금액과 달라 결제가 승인되지 않았습니다. 청구된 금액은 없습니다.");
    expect(res.body.charged).toBe(false);

    expect(await confirmsFor(intentId)).toHaveLength(0);
    const row = await order(intentId);
    expect(row).toMatchObject({ status: "pending", payment_key: null, failure_code: null });
    expect(await subscription(member.user.id)).toEqual(before);
  });

  it("answers 404 for another user's order and for unknown orders, without calling Toss", async () => {
    const owner = await createMember();
    const thief = await createMember();
    const { intentId, amount } = await intent(owner);

    const res = await confirm(thief, { paymentKey: pk("ok"), orderId: intentId, amount });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("주문을 찾을 수 없습니다.");
    const unknown = await confirm(thief, { paymentKey: pk("ok"), orderId: "ord_doesnotexist0000", amount });
    expect(unknown.status).toBe(404);

    expect(await confirmsFor(intentId)).toHaveLength(0);
    expect((await order(intentId)).status).toBe("pending");
    expect((await subscription(thief.user.id)).plan_id).toBe("trial");
    expect((await subscription(owner.user.id)).plan_id).toBe("trial");
  });

  it("returns the same result when the same payment is confirmed twice, activating once", async () => {
    const { member, intentId, amount, paymentKey, res: first } = await confirmNewOrder("ok");
    const afterFirst = await subscription(member.user.id);
    const second = await confirm(member, { paymentKey, orderId: intentId, amount });

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await confirmsFor(intentId)).toHaveLength(1);
    expect(await subscription(member.user.id)).toEqual(afterFirst);

    const otherKey = await confirm(member, { paymentKey: pk("ok"), orderId: intentId, amount });
    expect(otherKey.status).toBe(409);
    expect(await confirmsFor(intentId)).toHaveLength(1);
  });

  it("activates exactly once when ten confirmations race", async () => {
    const member = await createMember();
    const { intentId, amount } = await intent(member);
    const paymentKey = pk("slow");

    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(member, { paymentKey, orderId: intentId, amount })));
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ orderId: intentId, orderName: "교육자 1개월 이용권", method: "카드", totalAmount: 29900 });
    }
    expect(await confirmsFor(intentId)).toHaveLength(1);
    const sub = await subscription(member.user.id);
    expect(sub).toMatchObject({ plan_id: "educator", status: "active", one_period: true, last_payment_id: intentId });
    const [{ n }] = await sql()<{ n: number }[]>`
      select count(*)::int as n from public.payments where user_id = ${member.user.id} and status = 'done'`;
    expect(n).toBe(1);
  });

  it("finishes idempotently when Toss answers ALREADY_PROCESSED_PAYMENT, after looking the payment up", async () => {
    const { member, intentId, paymentKey, res } = await confirmNewOrder("already");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderId: intentId, totalAmount: 29900 });

    const lookups = await tossRequests((r) => r.method === "GET" && r.path.includes(paymentKey));
    expect(lookups).toHaveLength(1);
    expect(lookups[0].path).toBe(`/v1/payments/${paymentKey}`);
    expect(lookups[0].headers.authorization).toBe(`Basic ${Buffer.from(`${config.toss.secretKey}:`).toString("base64")}`);
    expect((await order(intentId)).status).toBe("done");
    expect(await subscription(member.user.id)).toMatchObject({ plan_id: "educator", status: "active", one_period: true });
  });

  it("leaves the order retryable and the subscription unchanged on a provider error, then succeeds on retry", async () => {
    const member = await createMember();
    const { intentId, amount } = await intent(member);
    const before = await subscription(member.user.id);

    const failed = await confirm(member, { paymentKey: pk("fail"), orderId: intentId, amount });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ retryable: true });
    expect(failed.body.error).toMatch(/잠시 후 다시 시도/);
    expect(JSON.stringify(failed.body)).not.toContain("내부 시스템 처리 작업이 실패했습니다");
    expect(await order(intentId)).toMatchObject({
      status: "pending",
      payment_key: null,
      failure_code: "FAILED_INTERNAL_SYSTEM_PROCESSING",
    });
    expect(await subscription(member.user.id)).toEqual(before);

    const retry = await confirm(member, { paymentKey: pk("ok"), orderId: intentId, amount });
    expect(retry.status).toBe(200);
    expect(await order(intentId)).toMatchObject({ status: "done", failure_code: null });
    expect((await subscription(member.user.id)).plan_id).toBe("educator");
  });

  it("times out a hanging provider with a retryable error and no activation", async () => {
    const member = await createMember();
    const { intentId, amount } = await intent(member);
    const started = Date.now();
    const res = await confirm(member, { paymentKey: pk("hang"), orderId: intentId, amount });
    expect(res.status).toBe(504);
    expect(res.body).toMatchObject({ retryable: true });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await order(intentId)).toMatchObject({ status: "pending", failure_code: "TIMEOUT" });
    expect((await subscription(member.user.id)).plan_id).toBe("trial");
  });

  it("does not activate when Toss reports a different amount", async () => {
    const { member, intentId, res } = await confirmNewOrder("mismatch");
    expect(res.status).toBe(502);
    expect(await order(intentId)).toMatchObject({ status: "failed", failure_code: "AMOUNT_MISMATCH" });
    expect((await subscription(member.user.id)).plan_id).toBe("trial");
  });

  it("reports a card rejection as a non-retryable 400 in Korean", async () => {
    const { member, res } = await confirmNewOrder("reject");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ retryable: false, code: "REJECT_CARD_PAYMENT", charged: false });
    expect(res.body.error).toMatch(/[가-힣]/);
    expect((await subscription(member.user.id)).plan_id).toBe("trial");
  });

  it("validates the body", async () => {
    const member = await createMember();
    const { intentId } = await intent(member);
    const noKey = await confirm(member, { orderId: intentId, amount: 29900 });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error).toMatch(/[가-힣]/);
    const badOrder = await confirm(member, { paymentKey: pk("ok"), orderId: "a b", amount: 29900 });
    expect(badOrder.status).toBe(400);
    expect(await confirmsFor(intentId)).toHaveLength(0);
  });

  it("extends the current period when the active plan is paid for again", async () => {
    const member = await createMember();
    const a = await intent(member);
    expect((await confirm(member, { paymentKey: pk("ok"), orderId: a.intentId, amount: a.amount })).status).toBe(200);
    const first = await subscription(member.user.id);
    const b = await intent(member);
    expect((await confirm(member, { paymentKey: pk("ok"), orderId: b.intentId, amount: b.amount })).status).toBe(200);
    const [row] = await sql()<{ two: boolean }[]>`
      select end_date = start_date + interval '2 months' as two from public.subscriptions where user_id = ${member.user.id}`;
    expect(row.two).toBe(true);
    expect((await subscription(member.user.id)).start_date.getTime()).toBe(first.start_date.getTime());
  });
});

describe("POST /subscription/select", () => {
  it("only switches to the free trial plan; paid and unknown plans are refused", async () => {
    const member = await createMember();
    const select = (planId: string) => api("/subscription/select", { token: member.token, json: { planId } });
    expectApiError(await select("educator"), 400, "유료 플랜은 결제가 필요합니다.");
    expectApiError(await select("gold"), 400, "플랜을 찾을 수 없습니다.");
    expect((await subscription(member.user.id)).plan_id).toBe("trial");
  });

  it("schedules the free trial plan for the end of a paid month; the usage limit follows at the end", async () => {
    // Behaviour changed: during a paid month the trial plan is scheduled for
    // its end instead of replacing the paid plan at once.
    const { member, res: paid } = await confirmNewOrder("ok");
    expect(paid.status).toBe(200);
    expect((await api("/usage/status", { token: member.token })).body.usage.limit).toBe(500);

    const res = await api("/subscription/select", { token: member.token, json: { planId: "trial" } });
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({ planId: "educator", status: "active", scheduledPlanId: "trial" });
    expect(res.body.message).toMatch(/[가-힣]/);
    expect(await subscription(member.user.id)).toMatchObject({ plan_id: "educator", status: "active" });
    expect((await api("/usage/status", { token: member.token })).body.usage.limit).toBe(500);

    await sql()`update public.subscriptions set end_date = now() - interval '1 second' where user_id = ${member.user.id}`;
    expect((await api("/usage/status", { token: member.token })).body.usage.limit).toBe(10);
    expect(await subscription(member.user.id)).toMatchObject({ plan_id: "trial", status: "trial" });
  });
});
