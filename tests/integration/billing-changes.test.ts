// 플랜 변경 of a subscription that renews on a card, against the fake Toss billing API (time moved in
// SQL): an upgrade mid-period is quoted, then charged exactly (new − old) × days left ÷ days in the
// period once however often it is submitted, and applies now with renews_at unchanged; a declined
// upgrade charge changes nothing; a downgrade is scheduled, charges nothing now, applies at the next
// renewal at the new price (and only then), and can be cancelled before.
import { afterAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { chargesOf, reachRenewal, setChargeScenario, subscribeWithCard, subscriptionOf, untilRenewed } from "../helpers/renewals.ts";

const sql = () => testSql();

afterAll(async () => {
  await closeTestSql();
});

const limit = async (user: TestUser) => (await api("/usage/status", { token: user.token })).body.usage.limit as number;

/** The period is 30 days long and 10 days and an hour of it are left (whole days left: 10). */
async function tenOfThirtyDaysLeft(userId: string) {
  await sql()`
    update public.subscriptions
       set renews_at = now() + interval '10 days 1 hour',
           start_date = now() + interval '10 days 1 hour' - interval '30 days',
           end_date = now() + interval '10 days 1 hour' + private.billing_grace()
     where user_id = ${userId}`;
}

describe("an upgrade in the middle of a period", () => {
  it("is quoted, then charged (new − old) × days left ÷ days in the period once, and applies now", async () => {
    const member = await createMember();
    const { customerKey } = await subscribeWithCard(member, "individual");
    await tenOfThirtyDaysLeft(member.user.id);
    const before = await subscriptionOf(member.user.id);

    const quote = await api("/billing/change/quote", { token: member.token, json: { planId: "educator" } });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    // (29,900 − 9,900) × 10 ÷ 30 = 6,666.67 → 6,666
    expect(quote.body).toMatchObject({
      kind: "upgrade",
      planId: "educator",
      amount: 6666,
      nextAmount: 29900,
      daysLeft: 10,
      daysInPeriod: 30,
    });
    expect(quote.body.message).toContain("6,666원");
    // the same with confirm: false; a quote charges nothing
    const unconfirmed = await api("/billing/change", { token: member.token, json: { planId: "educator", confirm: false } });
    expect(unconfirmed.body).toMatchObject({ kind: "upgrade", amount: 6666 });
    expect(await chargesOf(customerKey)).toHaveLength(1);
    expect((await subscriptionOf(member.user.id)).plan_id).toBe("individual");

    // a double submit: one charge, both answered alike
    const [a, b] = await Promise.all([
      api("/billing/change", { token: member.token, json: { planId: "educator" } }),
      api("/billing/change", { token: member.token, json: { planId: "educator" } }),
    ]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(a.body.orderId).toBe(b.body.orderId);
    expect(a.body).toMatchObject({ kind: "upgrade", amount: 6666 });
    expect(a.body.message).toContain("교육자 플랜으로 변경되었습니다");

    const charges = await chargesOf(customerKey);
    expect(charges).toHaveLength(2);
    expect(charges[1].body).toMatchObject({ amount: 6666, orderId: a.body.orderId });
    expect(a.body.orderId).toBe(`up_${before.id.replaceAll("-", "")}_educator_${Math.floor(before.start_date.getTime() / 1000)}_0`);
    expect(charges[1].headers["idempotency-key"]).toBe(`charge-${a.body.orderId}`);

    const after = await subscriptionOf(member.user.id);
    expect(after).toMatchObject({ plan_id: "educator", price: 29900, auto_renew: true });
    expect(after.renews_at.getTime()).toBe(before.renews_at.getTime());
    expect(await limit(member)).toBe(500);
    const overview = (await api("/billing", { token: member.token })).body;
    expect(overview).toMatchObject({ plan: { id: "educator" }, nextCharge: { amount: 29900 } });
    expect(overview.payments[0]).toMatchObject({ kind: "upgrade", amount: 6666, status: "done", refundable: false });

    // the next renewal charges the new price
    await reachRenewal(member.user.id);
    await untilRenewed(member.user.id);
    const renewal = (await chargesOf(customerKey))[2];
    expect(renewal.body.amount).toBe(29900);
    // a later submit of the same change is refused: it is the plan in force
    const again = await api("/billing/change", { token: member.token, json: { planId: "educator" } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("이미 이용 중인 플랜입니다.");
  });

  it("changes nothing when the card declines the difference", async () => {
    const member = await createMember();
    const { customerKey } = await subscribeWithCard(member, "individual");
    await tenOfThirtyDaysLeft(member.user.id);
    const before = await subscriptionOf(member.user.id);
    await setChargeScenario(customerKey, "decline");

    const res = await api("/billing/change", { token: member.token, json: { planId: "educator" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("플랜을 변경하지 못했습니다");
    expect(res.body.charged).toBe(false);
    const after = await subscriptionOf(member.user.id);
    expect(after).toMatchObject({ plan_id: "individual", price: 9900, change_plan_id: null });
    expect(after.renews_at.getTime()).toBe(before.renews_at.getTime());
    expect(await limit(member)).toBe(100);
    const [failed] = await sql()<any[]>`select * from public.payments where user_id = ${member.user.id} and kind = 'upgrade'`;
    expect(failed).toMatchObject({ status: "failed", amount: 6666 });

    // on a working card the next attempt is a new order, charged once
    await setChargeScenario(customerKey, "ok");
    const ok = await api("/billing/change", { token: member.token, json: { planId: "educator" } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.orderId).toMatch(/_1$/);
    expect((await subscriptionOf(member.user.id)).plan_id).toBe("educator");
  });

  it("refuses in Korean while cancelled, for the plan in force, and without a renewing subscription", async () => {
    const member = await createMember();
    const none = await api("/billing/change/quote", { token: member.token, json: { planId: "educator" } });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe("정기 구독 중이 아닙니다.");

    await subscribeWithCard(member, "educator");
    const same = await api("/billing/change/quote", { token: member.token, json: { planId: "educator" } });
    expect(same.status).toBe(409);
    expect((await api("/billing/change", { token: member.token, json: { planId: "trial" } })).status).toBe(400);
    const bad = await api("/billing/change", { token: member.token, json: { planId: "business", period: "weekly" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("결제 주기");

    expect((await api("/billing/cancel", { token: member.token, json: {} })).status).toBe(200);
    const canceled = await api("/billing/change", { token: member.token, json: { planId: "business" } });
    expect(canceled.status).toBe(409);
    expect(canceled.body.error).toContain("해지를 취소한 뒤");
  });
});

describe("a downgrade", () => {
  it("charges nothing now, applies at the next renewal at the new price and only then, and can be cancelled", async () => {
    const member = await createMember();
    const { customerKey } = await subscribeWithCard(member, "educator");
    await tenOfThirtyDaysLeft(member.user.id);

    const quote = await api("/billing/change/quote", { token: member.token, json: { planId: "individual" } });
    expect(quote.body).toMatchObject({ kind: "downgrade", amount: 0, nextAmount: 9900 });
    expect(quote.body.message).toContain("다음 결제일");

    const chosen = await api("/billing/change", { token: member.token, json: { planId: "individual" } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.message).toContain("예약되었습니다");
    expect(await chargesOf(customerKey)).toHaveLength(1);
    // the current plan stays until the renewal
    expect(await subscriptionOf(member.user.id)).toMatchObject({ plan_id: "educator", change_plan_id: "individual" });
    expect(await limit(member)).toBe(500);
    let overview = (await api("/billing", { token: member.token })).body;
    expect(overview).toMatchObject({ nextCharge: { amount: 9900 }, scheduledChange: { planId: "individual", amount: 9900 } });

    // cancelled before the renewal: the plan renews as it is
    expect((await api("/billing/change/cancel", { token: member.token, json: {} })).status).toBe(200);
    overview = (await api("/billing", { token: member.token })).body;
    expect(overview).toMatchObject({ nextCharge: { amount: 29900 }, scheduledChange: null });
    expect((await api("/billing/change/cancel", { token: member.token, json: {} })).status).toBe(409);

    // chosen again, then the renewal comes: charged at the lower price and switched
    expect((await api("/billing/change", { token: member.token, json: { planId: "individual" } })).status).toBe(200);
    await reachRenewal(member.user.id);
    const renewed = await untilRenewed(member.user.id);
    expect(renewed).toMatchObject({ plan_id: "individual", price: 9900, change_plan_id: null, auto_renew: true });
    const charges = await chargesOf(customerKey);
    expect(charges).toHaveLength(2);
    expect(charges[1].body).toMatchObject({ amount: 9900 });
    expect(charges[1].body.orderName).toContain("개인");
    expect(await limit(member)).toBe(100);
  });

  it("changes the period at the next renewal: a yearly charge then", async () => {
    const member = await createMember();
    const { customerKey } = await subscribeWithCard(member, "individual", "monthly");
    const quote = await api("/billing/change/quote", { token: member.token, json: { planId: "individual", period: "yearly" } });
    expect(quote.body).toMatchObject({ kind: "period", amount: 0, nextAmount: 99000, period: "yearly" });
    expect((await api("/billing/change", { token: member.token, json: { planId: "individual", period: "yearly" } })).status).toBe(200);
    await reachRenewal(member.user.id);
    const renewed = await untilRenewed(member.user.id);
    expect(renewed).toMatchObject({ plan_id: "individual", billing_period: "yearly", price: 99000 });
    expect(renewed.renews_at.getTime() - Date.now()).toBeGreaterThan(360 * 86_400_000);
    expect((await chargesOf(customerKey))[1].body.amount).toBe(99000);
  });
});
