// Refunds of subscriptions that renew on a card (Toss 자동결제): a full refund of the current period's
// charge ends the plan now and stops renewal; its dates come from the period (renews_at), never the
// renewal grace kept in end_date.
import { afterAll, describe, expect, it } from "vitest";
import { TOSS_TEST_BILLING_SECRET_KEY } from "../../supabase/functions/_shared/toss.ts";
import { until } from "../helpers/grading.ts";
import { api, closeTestSql, createAdmin, createMember, testSql } from "../helpers/users.ts";
import { chargesOf, reachRenewal, subscribeWithCard, subscriptionOf, tick, tossRequests } from "../helpers/renewals.ts";

/** A card subscription's charge is cancelled with the billing contract's key, not the widget's. */
const BILLING_AUTH = `Basic ${Buffer.from(`${TOSS_TEST_BILLING_SECRET_KEY}:`).toString("base64")}`;

afterAll(async () => {
  await closeTestSql();
});

async function paymentRow(orderId: string) {
  const [row] = await testSql()<any[]>`select * from public.payments where id = ${orderId}`;
  return row;
}

describe("admin refund of a renewing subscription", () => {
  it("ends the plan now and stops renewal when the current period's charge is refunded in full", async () => {
    const admin = await createAdmin();
    const member = await createMember();
    const { customerKey, card } = await subscribeWithCard(member);
    const orderId: string = card.orderId;
    const renewing = await api("/subscription/status", { token: member.token });
    expect(renewing.body.subscription).toMatchObject({ status: "active", autoRenew: 1 });

    const res = await api(`/admin/payments/${orderId}/refund`, { token: admin.token, json: { reason: "고객 요청(미사용)" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await paymentRow(orderId)).toMatchObject({ status: "refunded", refunded_amount: 29900 });
    const paymentKey: string = (await paymentRow(orderId)).payment_key;
    const cancels = (await tossRequests()).filter((r) => r.path === `/v1/payments/${paymentKey}/cancel`);
    expect(cancels).toHaveLength(1);
    expect(cancels[0].headers.authorization).toBe(BILLING_AUTH);

    // the plan ended now (not at the end of the renewal grace) and renews no more
    const sub = await subscriptionOf(member.user.id);
    expect(sub).toMatchObject({ plan_id: "trial", status: "expired", auto_renew: false, renews_at: null });
    expect(sub.end_date.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await api("/usage/status", { token: member.token })).body.usage.limit).toBe(10);
    expect((await api("/subscription/status", { token: member.token })).body.subscription).toMatchObject({ autoRenew: 0 });
    const overview = await api("/billing", { token: member.token });
    expect(overview.body).toMatchObject({ status: "none", renewsAt: null, nextCharge: null });

    // nothing is left to renew or to resume (the tick only charges auto_renew rows)
    expect((await api("/billing/resume", { token: member.token, json: {} })).status).toBe(409);
    expect(await chargesOf(customerKey)).toHaveLength(1);
  });

  it("keeps the subscription when a past period's charge is refunded", async () => {
    const admin = await createAdmin();
    const member = await createMember();
    const { customerKey, card } = await subscribeWithCard(member);
    await reachRenewal(member.user.id);
    await tick();
    await until("the renewal", async () => (await subscriptionOf(member.user.id)).renews_at.getTime() > Date.now());
    expect(await chargesOf(customerKey)).toHaveLength(2);
    const before = await subscriptionOf(member.user.id);

    const res = await api(`/admin/payments/${card.orderId}/refund`, { token: admin.token, json: { reason: "이전 기간 환불" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await subscriptionOf(member.user.id);
    expect(after).toMatchObject({ plan_id: "educator", status: "active", auto_renew: true });
    expect(after.renews_at.getTime()).toBe(before.renews_at.getTime());
    expect(after.end_date.getTime()).toBe(before.end_date.getTime());
  });
});

describe("POST /billing/refund (a member's refund within 7 days, unused)", () => {
  it("refunds the member's own charge in full through Toss, ends the plan and stops renewal", async () => {
    const member = await createMember();
    const { customerKey, card } = await subscribeWithCard(member);
    const paymentKey: string = (await paymentRow(card.orderId)).payment_key;
    expect((await api("/billing", { token: member.token })).body.payments[0]).toMatchObject({ id: card.orderId, refundable: true });

    const res = await api("/billing/refund", { token: member.token, json: { paymentId: card.orderId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ paymentId: card.orderId, refundedAmount: 29900 });
    expect(res.body.message).toContain("29,900원");
    const cancels = (await tossRequests()).filter((r) => r.path === `/v1/payments/${paymentKey}/cancel`);
    expect(cancels).toHaveLength(1);
    expect(cancels[0].body.cancelAmount).toBeUndefined();
    expect(cancels[0].headers.authorization).toBe(BILLING_AUTH);
    expect(await paymentRow(card.orderId)).toMatchObject({ status: "refunded", refunded_amount: 29900, refunded_by: member.user.id });
    expect(await subscriptionOf(member.user.id)).toMatchObject({ plan_id: "trial", status: "expired", auto_renew: false });
    const overview = await api("/billing", { token: member.token });
    expect(overview.body).toMatchObject({ status: "none", nextCharge: null });
    expect(overview.body.payments[0]).toMatchObject({ id: card.orderId, status: "refunded", refundedAmount: 29900, refundable: false });
    expect(await chargesOf(customerKey)).toHaveLength(1);

    // the same money is not refunded twice
    const twice = await api("/billing/refund", { token: member.token, json: { paymentId: card.orderId } });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatch(/이미 환불/);
    expect((await tossRequests()).filter((r) => r.path === `/v1/payments/${paymentKey}/cancel`)).toHaveLength(1);
  });

  it("refuses 8 days after the charge (기간 경과)", async () => {
    const member = await createMember();
    const { card } = await subscribeWithCard(member);
    await testSql()`update public.payments set approved_at = now() - interval '8 days' where id = ${card.orderId}`;
    const res = await api("/billing/refund", { token: member.token, json: { paymentId: card.orderId } });
    expect(res.status).toBe(403);
    expect(res.body.error).toContain("기간 경과");
    expect((await api("/billing", { token: member.token })).body.payments[0].refundable).toBe(false);
    expect(await paymentRow(card.orderId)).toMatchObject({ status: "done", refunded_amount: 0 });
    expect(await subscriptionOf(member.user.id)).toMatchObject({ plan_id: "educator", auto_renew: true });
  });

  it("refuses once a grading was used since the charge (이미 사용)", async () => {
    const member = await createMember();
    const { card } = await subscribeWithCard(member);
    await testSql()`
      insert into public.grading_usage (user_id, mode, call_kind, model)
      values (${member.user.id}, 'holistic', 'holistic', 'test-model')`;
    const res = await api("/billing/refund", { token: member.token, json: { paymentId: card.orderId } });
    expect(res.status).toBe(403);
    expect(res.body.error).toContain("이미 사용");
    expect((await api("/billing", { token: member.token })).body.payments[0].refundable).toBe(false);
    expect(await paymentRow(card.orderId)).toMatchObject({ status: "done", refunded_amount: 0 });
  });

  it("answers 404 for someone else's payment and touches nothing", async () => {
    const owner = await createMember();
    const other = await createMember();
    const { card } = await subscribeWithCard(owner);
    const res = await api("/billing/refund", { token: other.token, json: { paymentId: card.orderId } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("결제 내역을 찾을 수 없습니다.");
    expect((await api("/billing/refund", { token: other.token, json: { paymentId: "no-such-order" } })).status).toBe(404);
    expect((await api("/billing/refund", { token: other.token, json: {} })).status).toBe(400);
    expect(await paymentRow(card.orderId)).toMatchObject({ status: "done", refunded_amount: 0 });
  });
});

describe("admin refund suggestion figures", () => {
  it("lists a paid period's days left, the gradings used within it and the plan's gradings per period", async () => {
    const admin = await createAdmin();
    const member = await createMember();
    const { card } = await subscribeWithCard(member, "individual", "yearly");
    await testSql()`
      insert into public.grading_usage (user_id, mode, call_kind, model)
      values (${member.user.id}, 'holistic', 'holistic', 'test-model'), (${member.user.id}, 'holistic', 'holistic', 'test-model')`;
    const [{ limit }] = await testSql()<{ limit: number }[]>`
      select max_essays_per_month as limit from public.subscription_plans where id = 'individual'`;
    const res = await api(`/admin/users/${member.user.id}/payments`, { token: admin.token });
    expect(res.status).toBe(200);
    const row = res.body.find((p: any) => p.orderId === card.orderId);
    expect(row.refundBasis).toMatchObject({ price: 99000, period: "yearly", gradingsUsed: 2, gradingsPerPeriod: limit * 12 });
    expect(row.refundBasis.daysRemaining).toBeGreaterThanOrEqual(365);
    expect(row.refundBasis.daysRemaining).toBeLessThanOrEqual(366);
  });
});
