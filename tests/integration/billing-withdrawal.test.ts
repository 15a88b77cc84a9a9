// Withdrawal (회원 탈퇴) of a member whose subscription renews on a card destroys the stored billing key
// and stops renewal: no billing account or key row is left and the tick charges nothing more. A
// one-month pass ordered before the subscription began is refused in SQL when confirmed after it
// (Toss is never asked), so it can never become a second plan on top of the subscription.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { requireFakeToss } from "../helpers/stack.ts";
import { api, closeTestSql, createMember, testSql } from "../helpers/users.ts";
import { billingAccountOf, chargesOf, reachRenewal, subscribeWithCard, subscriptionOf, untilRenewed } from "../helpers/renewals.ts";

const sql = () => testSql();
const tossUrl = requireFakeToss();

afterAll(async () => {
  await closeTestSql();
});

describe("회원 탈퇴 with a subscription that renews", () => {
  it("leaves no billing account or billing key, and no renewal is charged afterwards", async () => {
    const member = await createMember();
    const { customerKey } = await subscribeWithCard(member, "educator");
    const account = await billingAccountOf(member.user.id);
    const [key] = await sql()<
      { n: number }[]
    >`select count(*)::int as n from private.billing_keys where billing_account_id = ${account.id}`;
    expect(key.n).toBe(1);
    // the renewal is due when the account goes
    await reachRenewal(member.user.id);

    const res = await api("/account/delete", { token: member.token, json: { password: member.password } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // a tick (the stack's own, or another test's) may have charged the due renewal before the account went
    const chargedBefore = (await chargesOf(customerKey)).length;
    expect([1, 2]).toContain(chargedBefore);

    const [left] = await sql()<{ accounts: number; keys: number; subs: number }[]>`
      select (select count(*)::int from private.billing_accounts where id = ${account.id} or customer_key = ${customerKey}) as accounts,
             (select count(*)::int from private.billing_keys where billing_account_id = ${account.id}) as keys,
             (select count(*)::int from public.subscriptions where user_id = ${member.user.id}) as subs`;
    expect(left).toEqual({ accounts: 0, keys: 0, subs: 0 });

    // a tick that renews another member's due subscription charges nothing for the withdrawn one
    const other = await createMember();
    await subscribeWithCard(other, "individual");
    await reachRenewal(other.user.id);
    await untilRenewed(other.user.id);
    expect(await chargesOf(customerKey)).toHaveLength(chargedBefore);
  });
});

describe("a one-month pass ordered before the subscription began", () => {
  it("is refused when confirmed after it, in SQL, before Toss is asked", async () => {
    const member = await createMember();
    const order = await api("/payments/create-intent", { token: member.token, json: { planId: "individual" } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    await subscribeWithCard(member, "educator");
    const before = await subscriptionOf(member.user.id);

    const paymentKey = `pk_ok_${randomBytes(8).toString("hex")}`;
    const res = await api("/payments/toss-confirm", {
      token: member.token,
      json: { paymentKey, orderId: order.body.intentId, amount: order.body.amount },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toContain("정기 구독 중에는 1개월 이용권을 구매할 수 없습니다");
    expect(res.body.charged).toBe(false);

    const requests: { path: string; body?: { orderId?: string } }[] = await (await fetch(`${tossUrl}/__requests`)).json();
    expect(requests.filter((r) => r.path === "/v1/payments/confirm" && r.body?.orderId === order.body.intentId)).toHaveLength(0);
    const [row] = await sql()<any[]>`select status, failure_code from public.payments where id = ${order.body.intentId}`;
    expect(row).toMatchObject({ status: "canceled", failure_code: "RENEWING_SUBSCRIPTION" });
    const after = await subscriptionOf(member.user.id);
    expect(after).toMatchObject({ plan_id: "educator", scheduled_plan_id: null, scheduled_payment_id: null, auto_renew: true });
    expect(after.end_date.getTime()).toBe(before.end_date.getTime());
  });

  it("cannot be applied by the activation function either", async () => {
    const member = await createMember();
    const order = await api("/payments/create-intent", { token: member.token, json: { planId: "individual" } });
    await subscribeWithCard(member, "educator");
    await expect(sql()`select private.activate_subscription(${order.body.intentId}, 'pk_direct', '카드', now())`).rejects.toMatchObject({
      message: "renewing_subscription",
    });
    const [row] = await sql()<any[]>`select status from public.payments where id = ${order.body.intentId}`;
    expect(row.status).toBe("pending");
  });
});
