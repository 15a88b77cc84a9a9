// Money a customer paid is never lost: one prepaid lower plan at a time (a second one is refused
// before Toss is asked, concurrent confirmations included), a refunded month gives way to the next
// paid month at its full length, and a deleted account's paid orders stay as anonymous payment
// records for 5 years (then purged). Real function under Deno against the fake Toss API.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireFakeToss } from "../helpers/stack.ts";
import { api, closeTestSql, createAdmin, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { paymentRow, subscriptionRow } from "../helpers/billing.ts";

const sql = () => testSql();
const tossUrl = requireFakeToss();

/** One admin refunds and deletes for every test (admins act on anyone's records). */
let admin: TestUser;

beforeAll(async () => {
  admin = await createAdmin();
});

afterAll(closeTestSql);

const pk = (scenario = "ok") => `pk_${scenario}_${randomBytes(8).toString("hex")}`;

async function intent(user: TestUser, planId: string) {
  const res = await api("/payments/create-intent", { token: user.token, json: { planId } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { intentId: string; amount: number; effect: { kind: string } };
}

function confirm(user: TestUser, order: { intentId: string; amount: number }, paymentKey = pk()) {
  return api("/payments/toss-confirm", { token: user.token, json: { paymentKey, orderId: order.intentId, amount: order.amount } });
}

async function pay(user: TestUser, planId: string) {
  const order = await intent(user, planId);
  const paymentKey = pk();
  const done = await confirm(user, order, paymentKey);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { orderId: order.intentId, paymentKey };
}

const sub = subscriptionRow;
const payment = paymentRow;

async function confirmCalls(orderId: string): Promise<number> {
  const all: { path: string; body: { orderId?: string } }[] = await (await fetch(`${tossUrl}/__requests`)).json();
  return all.filter((r) => r.path === "/v1/payments/confirm" && r.body?.orderId === orderId).length;
}

describe("two lower plans bought during a paid month", () => {
  /** A member in a paid educator month, its subscription row, and two unpaid intents for individual. */
  async function twoLowerIntents() {
    const member = await createMember();
    await pay(member, "educator");
    const paid = await sub(member.user.id);
    const a = await intent(member, "individual");
    const b = await intent(member, "individual");
    return { member, paid, a, b };
  }

  it("prepays the first, refuses the second before Toss is asked, and keeps the paid month", async () => {
    const { member, paid, a, b } = await twoLowerIntents();
    // both intents are made before either is paid, so both are told "scheduled"
    expect([a.effect.kind, b.effect.kind]).toEqual(["scheduled", "scheduled"]);

    expect((await confirm(member, a)).status).toBe(200);
    const second = await confirm(member, b);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatch(/^이미 예약된 플랜 변경이 있습니다/);
    expect(await confirmCalls(b.intentId)).toBe(0);
    expect(await payment(b.intentId)).toMatchObject({ status: "canceled", failure_code: "SCHEDULE_TAKEN", payment_key: null });

    const after = await sub(member.user.id);
    expect(after).toMatchObject({
      plan_id: "educator",
      status: "active",
      scheduled_plan_id: "individual",
      scheduled_payment_id: a.intentId,
    });
    expect(after.end_date.getTime()).toBe(paid.end_date.getTime());
    expect((await api("/usage/status", { token: member.token })).body.usage.limit).toBe(500);
  });

  it("lets exactly one of two concurrent confirmations through", async () => {
    const { member, paid, a, b } = await twoLowerIntents();
    // slow Toss answers widen the window in which both confirmations are in flight
    const results = await Promise.all([confirm(member, a, pk("slow")), confirm(member, b, pk("slow"))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results[0].status === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect(await confirmCalls(loser.intentId)).toBe(0);
    const after = await sub(member.user.id);
    expect(after).toMatchObject({ plan_id: "educator", scheduled_payment_id: winner.intentId });
    expect(after.end_date.getTime()).toBe(paid.end_date.getTime());
  });

  it("never replaces the paid month in SQL either: activation of a second lower plan raises", async () => {
    const member = await createMember();
    await pay(member, "educator");
    await pay(member, "individual");
    const before = await sub(member.user.id);
    const id = `ord_sql_${randomBytes(6).toString("hex")}`;
    await sql()`insert into public.payments (id, user_id, plan_id, amount, order_name)
                values (${id}, ${member.user.id}, 'individual', 9900, '개인 구독')`;
    await expect(sql()`select private.activate_subscription(${id}, ${pk()}, '카드', now())`).rejects.toMatchObject({
      message: "schedule_taken",
    });
    expect(await sub(member.user.id)).toMatchObject({
      plan_id: "educator",
      end_date: before.end_date,
      scheduled_payment_id: before.scheduled_payment_id,
    });
    expect((await payment(id)).status).toBe("pending");
  });
});

describe("a full refund of the first of two stacked months", () => {
  /** A new member who paid for an educator month and then for a `next` month after it. */
  async function stackedMonths(next: "educator" | "individual") {
    const member = await createMember();
    const first = await pay(member, "educator");
    return { member, first, second: await pay(member, next) };
  }

  it("starts the second paid month at the refund, for its full length", async () => {
    const { member, first, second } = await stackedMonths("educator");
    const secondBefore = await payment(second.orderId);
    const length = secondBefore.period_end.getTime() - secondBefore.period_start.getTime();

    const res = await api(`/admin/payments/${first.orderId}/refund`, { token: admin.token, json: { reason: "첫 달 환불" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [{ now }] = await sql()<{ now: Date }[]>`select now()`;
    const after = await sub(member.user.id);
    expect(after).toMatchObject({ plan_id: "educator", status: "active" });
    const moved = await payment(second.orderId);
    // the second month now starts at the refund (within the seconds the test took) and keeps its length
    expect(Math.abs(moved.period_start.getTime() - now.getTime())).toBeLessThan(30_000);
    expect(moved.period_start.getTime()).toBeLessThan(secondBefore.period_start.getTime() - 27 * 86_400_000);
    expect(moved.period_end.getTime() - moved.period_start.getTime()).toBe(length);
    expect(after.end_date.getTime()).toBe(moved.period_end.getTime());
    expect((await api("/usage/status", { token: member.token })).body.usage.limit).toBe(500);
  });

  it("moves a lower plan prepaid after the refunded month up with it", async () => {
    const { member, first, second: low } = await stackedMonths("individual");
    expect((await api(`/admin/payments/${first.orderId}/refund`, { token: admin.token, json: { reason: "환불" } })).status).toBe(200);
    // the refunded month is over; the prepaid lower month starts now, at its full length
    const after = await sub(member.user.id);
    expect(after).toMatchObject({ plan_id: "individual", status: "active", last_payment_id: low.orderId, scheduled_payment_id: null });
    const p = await payment(low.orderId);
    expect(after.start_date.getTime()).toBe(p.period_start.getTime());
    expect(after.end_date.getTime()).toBe(p.period_end.getTime());
    expect(p.period_end.getTime() - p.period_start.getTime()).toBeGreaterThan(27 * 86_400_000);
  });
});

describe("withdrawal keeps the payment records without the person", () => {
  it("keeps paid orders anonymised (no user, no receipt link), deletes unpaid ones, and admins can still refund them", async () => {
    const member = await createMember();
    const paid = await pay(member, "educator");
    const unpaid = await intent(member, "educator");
    const before = await payment(paid.orderId);

    const res = await api("/account/delete", { token: member.token, json: { password: member.password } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    expect(await payment(unpaid.intentId)).toBeUndefined();
    const kept = await payment(paid.orderId);
    expect(kept).toMatchObject({
      id: paid.orderId,
      user_id: null,
      plan_id: "educator",
      amount: 29900,
      status: "done",
      method: before.method,
      payment_key: paid.paymentKey,
      receipt_url: null,
      approved_at: before.approved_at,
      period_start: before.period_start,
      period_end: before.period_end,
    });
    expect(kept.withdrawn_at).toBeInstanceOf(Date);
    expect(JSON.stringify(kept)).not.toContain(member.email!);
    expect(JSON.stringify(kept)).not.toContain(member.username);

    const refund = await api(`/admin/payments/${paid.orderId}/refund`, { token: admin.token, json: { reason: "탈퇴 회원 환불" } });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.user).toBeNull();
    expect(refund.body.payment).toMatchObject({ orderId: paid.orderId, status: "refunded", refundedAmount: 29900 });

    const list = await api("/admin/payments/withdrawn", { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.find((p: { orderId: string }) => p.orderId === paid.orderId)).toMatchObject({ status: "refunded", amount: 29900 });
    expect((await api("/admin/payments/withdrawn", { token: (await createMember()).token })).status).toBe(403);
  });

  it("keeps them the same way when an admin deletes the account", async () => {
    const member = await createMember();
    const paid = await pay(member, "individual");
    const res = await api(`/admin/users/${member.user.id}`, { token: admin.token, method: "DELETE" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await payment(paid.orderId)).toMatchObject({ user_id: null, status: "done", amount: 9900, payment_key: paid.paymentKey });
  });

  it("purges them once 5 years have passed since the order's last event, and not before", async () => {
    const member = await createMember();
    const old = await pay(member, "educator");
    const recent = await pay(member, "educator");
    expect((await api("/account/delete", { token: member.token, json: { password: member.password } })).status).toBe(200);
    // time moved in SQL: one order's events 5 years and a day ago, the other's a day short of 5 years
    await sql()`update public.payments set created_at = now() - interval '5 years 1 day',
                       approved_at = now() - interval '5 years 1 day' where id = ${old.orderId}`;
    await sql()`update public.payments set created_at = now() - interval '5 years' + interval '1 day',
                       approved_at = now() - interval '5 years' + interval '1 day' where id = ${recent.orderId}`;
    const [{ n }] = await sql()<{ n: number }[]>`select private.purge_withdrawn_payments() as n`;
    expect(n).toBeGreaterThanOrEqual(1);
    expect(await payment(old.orderId)).toBeUndefined();
    expect(await payment(recent.orderId)).toMatchObject({ user_id: null, status: "done" });

    // a member's own old payments are not touched by the purge
    const stays = await createMember();
    const own = await pay(stays, "educator");
    await sql()`update public.payments set created_at = now() - interval '6 years', approved_at = now() - interval '6 years' where id = ${own.orderId}`;
    await sql()`select private.purge_withdrawn_payments()`;
    expect(await payment(own.orderId)).toMatchObject({ user_id: stays.user.id });
  });
});
