// The subscription lifecycle against the local fake Toss API: expiry at end_date (time moved in SQL),
// scheduled downgrades (applied at the period end, cancellable), extension and prepaid lower plans,
// upgrades, admin refunds (Toss cancel API), billing history, and PAYMENTS_MODE.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEdgeFunction, type EdgeFunction } from "../../local/edge-profile/index.ts";
import { stackFunctionSettings } from "../helpers/function-settings.ts";
import { freePort } from "../helpers/free-port.ts";
import { requireFakeToss } from "../helpers/stack.ts";
import { api, closeTestSql, createAdmin, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { paymentRow, subscriptionRow } from "../helpers/billing.ts";

const sql = () => testSql();
const tossUrl = requireFakeToss();

afterAll(async () => {
  await closeTestSql();
});

const pk = (scenario = "ok") => `pk_${scenario}_${randomBytes(8).toString("hex")}`;

async function pay(user: TestUser, planId: string, scenario = "ok") {
  const res = await api("/payments/create-intent", { token: user.token, json: { planId } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const paymentKey = pk(scenario);
  const done = await api("/payments/toss-confirm", {
    token: user.token,
    json: { paymentKey, orderId: res.body.intentId, amount: res.body.amount },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { orderId: res.body.intentId as string, paymentKey, effect: res.body.effect };
}

const sub = subscriptionRow;
const payment = paymentRow;

/** Moves the end of the user's paid month into the past (time moved in SQL). */
async function endPeriodNow(userId: string) {
  await sql()`
    update public.subscriptions
       set start_date = now() - interval '1 month' - interval '1 minute', end_date = now() - interval '1 second'
     where user_id = ${userId}`;
}

const status = (user: TestUser) => api("/subscription/status", { token: user.token });
const usage = (user: TestUser) => api("/usage/status", { token: user.token });

async function tossRequests(): Promise<any[]> {
  return (await fetch(`${tossUrl}/__requests`)).json();
}

describe("the end of a paid month", () => {
  it("returns the account to the trial plan (expired) at end_date, and the limits follow", async () => {
    const member = await createMember();
    await pay(member, "educator");
    expect((await usage(member)).body.usage.limit).toBe(500);

    await endPeriodNow(member.user.id);
    // the plan in force is trial even before anything rewrote the row
    const [{ plan }] = await sql()<{ plan: string }[]>`select private.effective_plan_id(${member.user.id}::uuid) as plan`;
    expect(plan).toBe("trial");

    const u = await usage(member);
    expect(u.body.plan.id).toBe("trial");
    expect(u.body.usage.limit).toBe(10);
    const s = await status(member);
    expect(s.body.plan.id).toBe("trial");
    expect(s.body.subscription.status).toBe("expired");
    expect(await sub(member.user.id)).toMatchObject({ plan_id: "trial", status: "expired", renews_at: null });
    const me = await api("/auth/me", { token: member.token });
    expect(me.body.subscription).toMatchObject({ planId: "trial", status: "expired" });
  });

  it("applies an expiry once when many requests race at the boundary", async () => {
    const member = await createMember();
    await pay(member, "individual");
    await endPeriodNow(member.user.id);
    const results = await Promise.all(Array.from({ length: 8 }, () => usage(member)));
    for (const r of results) expect(r.body.usage.limit).toBe(10);
    expect(await sub(member.user.id)).toMatchObject({ plan_id: "trial", status: "expired" });
  });

  it("applies the expiry when uses are reserved (reserve_usage), so the trial limit holds", async () => {
    const member = await createMember();
    await pay(member, "educator");
    await sql()`update public.usage_tracking set essay_count = 10 where user_id = ${member.user.id}`;
    await endPeriodNow(member.user.id);
    const [{ r }] = await sql()<{ r: any }[]>`
      select private.reserve_usage(${member.user.id}::uuid, 1, null, null, null, null) as r`;
    expect(r).toMatchObject({ allowed: false, planId: "trial", limit: 10 });
    expect((await sub(member.user.id)).status).toBe("expired");
  });
});

describe("extension, upgrade and a prepaid lower plan", () => {
  it("extends the period when the same plan is paid again before the end", async () => {
    const member = await createMember();
    const first = await pay(member, "educator");
    expect(first.effect).toEqual({ kind: "new", startsAt: null });
    const firstEnd = (await sub(member.user.id)).end_date as Date;
    const second = await pay(member, "educator");
    expect(second.effect.kind).toBe("extend");
    expect(new Date(second.effect.startsAt).getTime()).toBe(firstEnd.getTime());
    // compared in SQL (microseconds): the first payment's period_end is the end before the extension
    const [row] = await sql()<{ extended: boolean; same_start: boolean; period_ok: boolean; last: string }[]>`
      select s.end_date = p1.period_end + interval '1 month' as extended,
             p2.period_start = p1.period_end as same_start,
             p2.period_end = s.end_date as period_ok,
             s.last_payment_id as last
        from public.subscriptions s
        join public.payments p1 on p1.id = ${first.orderId}
        join public.payments p2 on p2.id = ${second.orderId}
       where s.user_id = ${member.user.id}`;
    expect(row).toEqual({ extended: true, same_start: true, period_ok: true, last: second.orderId });
  });

  it("starts a higher plan at once", async () => {
    const member = await createMember();
    await pay(member, "individual");
    const up = await pay(member, "educator");
    expect(up.effect).toEqual({ kind: "upgrade", startsAt: null });
    const s = await sub(member.user.id);
    expect(s).toMatchObject({ plan_id: "educator", status: "active", last_payment_id: up.orderId });
    expect(Math.abs(s.start_date.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await usage(member)).body.usage.limit).toBe(500);
  });

  it("prepays a lower plan for the month after the current one, and starts it at the end", async () => {
    const member = await createMember();
    await pay(member, "educator");
    const before = await sub(member.user.id);
    const low = await pay(member, "individual");
    expect(low.effect.kind).toBe("scheduled");
    expect(await sub(member.user.id)).toMatchObject({
      plan_id: "educator",
      scheduled_plan_id: "individual",
      scheduled_payment_id: low.orderId,
    });
    const s = await status(member);
    expect(s.body.plan.id).toBe("educator");
    expect(s.body.subscription.scheduledPlan).toEqual({ id: "individual", name: "개인", paid: true });

    // a prepaid schedule is not cancelled by the member, and no second lower plan is sold on top
    const cancel = await api("/subscription/schedule", { token: member.token, method: "DELETE" });
    expect(cancel.status).toBe(409);
    const trial = await api("/subscription/select", { token: member.token, json: { planId: "trial" } });
    expect(trial.status).toBe(409);
    const again = await api("/payments/create-intent", { token: member.token, json: { planId: "individual" } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/예약/);

    await sql()`update public.subscriptions set end_date = now() - interval '1 second' where user_id = ${member.user.id}`;
    const [{ end }] = await sql()<{ end: Date }[]>`select end_date as end from public.subscriptions where user_id = ${member.user.id}`;
    expect((await usage(member)).body.usage.limit).toBe(100);
    const after = await sub(member.user.id);
    expect(after).toMatchObject({ plan_id: "individual", status: "active", scheduled_plan_id: null, last_payment_id: low.orderId });
    expect(after.start_date.getTime()).toBe(end.getTime());
    expect(after.end_date.getTime() - end.getTime()).toBeGreaterThan(27 * 86_400_000);
    expect(before.plan_id).toBe("educator");
  });
});

describe("a scheduled move to the trial plan", () => {
  it("keeps the paid plan until the end, is cancellable, and applies at the period end", async () => {
    const member = await createMember();
    await pay(member, "educator");

    const chosen = await api("/subscription/select", { token: member.token, json: { planId: "trial" } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.scheduled).toBe(true);
    expect(chosen.body.message).toMatch(/까지 이용할 수 있고, 그 후 체험판으로 변경됩니다/);
    expect(chosen.body.subscription).toMatchObject({ planId: "educator", status: "active", scheduledPlanId: "trial" });
    expect((await usage(member)).body.usage.limit).toBe(500);
    expect((await status(member)).body.subscription.scheduledPlan).toEqual({ id: "trial", name: "체험판", paid: false });

    const cancel = await api("/subscription/schedule", { token: member.token, method: "DELETE" });
    expect(cancel.status).toBe(200);
    expect(cancel.body.subscription.scheduledPlanId).toBeNull();
    expect((await status(member)).body.subscription.scheduledPlan).toBeNull();
    const none = await api("/subscription/schedule", { token: member.token, method: "DELETE" });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe("예약된 플랜 변경이 없습니다.");

    expect((await api("/subscription/select", { token: member.token, json: { planId: "trial" } })).status).toBe(200);
    await endPeriodNow(member.user.id);
    expect((await usage(member)).body.usage.limit).toBe(10);
    expect(await sub(member.user.id)).toMatchObject({ plan_id: "trial", status: "trial", scheduled_plan_id: null });
  });

  it("is dropped when the member pays for the same plan again", async () => {
    const member = await createMember();
    await pay(member, "educator");
    expect((await api("/subscription/select", { token: member.token, json: { planId: "trial" } })).status).toBe(200);
    await pay(member, "educator");
    expect((await sub(member.user.id)).scheduled_plan_id).toBeNull();
  });
});

describe("billing history", () => {
  it("lists the member's payments with plan, amount, method, status, period and Toss receipt", async () => {
    const member = await createMember();
    const other = await createMember();
    const a = await pay(member, "individual");
    const b = await pay(member, "educator");
    await pay(other, "individual");
    // an intent never paid is not a payment
    await api("/payments/create-intent", { token: member.token, json: { planId: "business" } });

    const res = await api("/payments/history", { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.map((p: any) => p.orderId)).toEqual([b.orderId, a.orderId]);
    expect(res.body[0]).toMatchObject({
      planId: "educator",
      planName: "교육자",
      amount: 29900,
      method: "카드",
      status: "done",
      refundedAmount: 0,
    });
    expect(res.body[0].receiptUrl).toMatch(/^https:\/\/dashboard\.tosspayments\.com\/receipt\//);
    expect(res.body[0].periodStart).toBeTruthy();
    expect(res.body[0].periodEnd).toBeTruthy();

    expect((await api(`/payments/orders/${a.orderId}`, { token: member.token })).body.status).toBe("done");
    expect((await api(`/payments/orders/${a.orderId}`, { token: other.token })).status).toBe(404);
    expect((await api("/payments/history")).status).toBe(401);
  });
});

describe("admin refunds", () => {
  it("refunds in full through Toss's cancel API, records it on the payment and ends the month it bought", async () => {
    const admin = await createAdmin();
    const member = await createMember();
    const p = await pay(member, "educator");

    const res = await api(`/admin/payments/${p.orderId}/refund`, { token: admin.token, json: { reason: "고객 요청(미사용)" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payment).toMatchObject({ orderId: p.orderId, status: "refunded", refundedAmount: 29900 });

    const calls = (await tossRequests()).filter((r) => r.path === `/v1/payments/${p.paymentKey}/cancel`);
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe("POST");
    expect(calls[0].body).toEqual({ cancelReason: "고객 요청(미사용)" });
    expect(calls[0].headers["idempotency-key"]).toBe(`cancel-${p.orderId}-0`);

    expect(await payment(p.orderId)).toMatchObject({
      status: "refunded",
      refunded_amount: 29900,
      refund_reason: "고객 요청(미사용)",
      refunded_by: admin.user.id,
    });
    expect(await sub(member.user.id)).toMatchObject({ plan_id: "trial", status: "expired" });
    expect((await usage(member)).body.usage.limit).toBe(10);
    const history = await api("/payments/history", { token: member.token });
    expect(history.body[0]).toMatchObject({ status: "refunded", refundedAmount: 29900 });

    // the same money is not refunded twice
    const twice = await api(`/admin/payments/${p.orderId}/refund`, { token: admin.token, json: { reason: "again" } });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatch(/환불할 수 없는 결제/);
  });

  it("records a partial refund without ending the subscription, and refuses more than is left", async () => {
    const admin = await createAdmin();
    const member = await createMember();
    const p = await pay(member, "educator");
    const part = await api(`/admin/payments/${p.orderId}/refund`, { token: admin.token, json: { reason: "부분 환불", amount: 9900 } });
    expect(part.status).toBe(200);
    expect(await payment(p.orderId)).toMatchObject({ status: "partially_refunded", refunded_amount: 9900 });
    expect(await sub(member.user.id)).toMatchObject({ plan_id: "educator", status: "active" });
    const call = (await tossRequests()).filter((r) => r.path === `/v1/payments/${p.paymentKey}/cancel`);
    expect(call.at(-1).body).toEqual({ cancelReason: "부분 환불", cancelAmount: 9900 });

    const tooMuch = await api(`/admin/payments/${p.orderId}/refund`, { token: admin.token, json: { reason: "x", amount: 20001 } });
    expect(tooMuch.status).toBe(409);
    const rest = await api(`/admin/payments/${p.orderId}/refund`, { token: admin.token, json: { reason: "나머지" } });
    expect(rest.status).toBe(200);
    expect(await payment(p.orderId)).toMatchObject({ status: "refunded", refunded_amount: 29900 });
    expect((await sub(member.user.id)).status).toBe("expired");
  });

  it("takes back only a future extension when its payment is refunded", async () => {
    const admin = await createAdmin();
    const member = await createMember();
    await pay(member, "educator");
    const first = await sub(member.user.id);
    const ext = await pay(member, "educator");
    expect((await api(`/admin/payments/${ext.orderId}/refund`, { token: admin.token, json: { reason: "연장 취소" } })).status).toBe(200);
    const after = await sub(member.user.id);
    expect(after).toMatchObject({ plan_id: "educator", status: "active" });
    expect(after.end_date.getTime()).toBe(first.end_date.getTime());
  });

  it("keeps the payment unchanged when Toss refuses the cancel, and is for admins only", async () => {
    const admin = await createAdmin();
    const member = await createMember();
    const p = await pay(member, "individual", "norefund");
    const refused = await api(`/admin/payments/${p.orderId}/refund`, { token: admin.token, json: { reason: "요청" } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("환불 요청이 처리되지 않았습니다. 환불할 수 없는 결제입니다.");
    expect(await payment(p.orderId)).toMatchObject({ status: "done", refunded_amount: 0 });

    const asMember = await api(`/admin/payments/${p.orderId}/refund`, { token: member.token, json: { reason: "요청" } });
    expect(asMember.status).toBe(403);
    const noReason = await api(`/admin/payments/${p.orderId}/refund`, { token: admin.token, json: {} });
    expect(noReason.status).toBe(400);
    const unknown = await api(`/admin/payments/ord_unknown000000/refund`, { token: admin.token, json: { reason: "x" } });
    expect(unknown.status).toBe(404);

    const list = await api(`/admin/users/${member.user.id}/payments`, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.map((x: any) => x.orderId)).toEqual([p.orderId]);
  });
});

describe("admin plan changes set the dates", () => {
  it("sets a paid plan until the given end date, and refuses past dates", async () => {
    const admin = await createAdmin();
    const member = await createMember();
    const end = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const res = await api(`/admin/users/${member.user.id}/subscription`, {
      token: admin.token,
      method: "PATCH",
      json: { planId: "business", endDate: end },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.subscription).toMatchObject({ planId: "business", status: "active", endDate: end });
    const past = await api(`/admin/users/${member.user.id}/subscription`, {
      token: admin.token,
      method: "PATCH",
      json: { planId: "business", endDate: "2020-01-01T00:00:00Z" },
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe("종료일은 현재 이후여야 합니다.");
  });
});

describe("PAYMENTS_MODE", () => {
  it("the test stack is in test mode and says so", async () => {
    const res = await api("/payments/config");
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe("test");
    expect(res.body.available).toBe(true);
    expect(res.body.clientKey).toMatch(/^test_/);
  });

  describe("a deployed function (live mode)", () => {
    let fn: EdgeFunction | undefined;
    let base = "";
    let member: TestUser;

    async function start(env: Record<string, string>) {
      const port = await freePort();
      fn = await startEdgeFunction({
        port,
        env: stackFunctionSettings(["TOSS_CLIENT_KEY", "TOSS_SECRET_KEY", "PAYMENTS_MODE"], { TOSS_API_BASE: tossUrl, ...env }),
      });
      base = `http://127.0.0.1:${port}/api`;
    }

    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${member.token}`, "Content-Type": "application/json", ...(init.headers ?? {}) },
      });
      return { status: res.status, body: await res.json() };
    };

    beforeAll(async () => {
      member = await createMember();
    });
    afterAll(async () => {
      await fn?.stop();
    });

    it("refuses to create orders without live keys, with a clear Korean message, and creates none", async () => {
      await start({}); // PAYMENTS_MODE unset = live, no Toss keys
      const cfg = await call("/payments/config");
      expect(cfg.body).toEqual({ mode: "live", available: false, clientKey: null });
      const res = await call("/payments/create-intent", { method: "POST", body: JSON.stringify({ planId: "educator" }) });
      expect(res.status).toBe(503);
      expect(res.body.error).toBe("결제 설정이 완료되지 않았습니다. 관리자에게 문의해 주세요.");
      const confirm = await call("/payments/toss-confirm", {
        method: "POST",
        body: JSON.stringify({ paymentKey: pk(), orderId: "ord_whatever0000", amount: 29900 }),
      });
      expect(confirm.status).toBe(503);
      const [{ n }] = await sql()<{ n: number }[]>`select count(*)::int as n from public.payments where user_id = ${member.user.id}`;
      expect(n).toBe(0);
      await fn!.stop();
      fn = undefined;

      // test keys in live mode are refused the same way
      await start({ TOSS_CLIENT_KEY: "test_ck_abc", TOSS_SECRET_KEY: "test_sk_abc" });
      const withTestKeys = await call("/payments/create-intent", { method: "POST", body: JSON.stringify({ planId: "educator" }) });
      expect(withTestKeys.status).toBe(503);
      expect((await call("/payments/config")).body).toMatchObject({ mode: "live", available: false });
      await fn!.stop();
      fn = undefined;

      // live keys in live mode: orders are created
      await start({ TOSS_CLIENT_KEY: "live_ck_abc", TOSS_SECRET_KEY: "live_sk_abc" });
      expect((await call("/payments/config")).body).toEqual({ mode: "live", available: true, clientKey: "live_ck_abc" });
      const ok = await call("/payments/create-intent", { method: "POST", body: JSON.stringify({ planId: "educator" }) });
      expect(ok.status).toBe(201);
    }, 240_000);
  });
});
