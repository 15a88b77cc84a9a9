// Price changes of a plan with subscriptions that renew (time moved in SQL): a subscription keeps the
// price it was charged at; an increase (PATCH /admin/plans/:id) is announced in the app and by mail
// with the new price and the first renewal it applies to (at least 30 days after the announcement),
// renewals before that date charge the old price and the one on it the new; a decrease applies from
// the next renewal. The business plan's prices are moved and put back after each test (the
// integration files run one at a time).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createAdmin, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { billingAccountOf, chargesOf, reachRenewal, subscribeWithCard, subscriptionOf, untilRenewed } from "../helpers/renewals.ts";

const sql = () => testSql();
const DAY = 86_400_000;
const planId = "business";
let admin: TestUser;

beforeAll(async () => {
  admin = await createAdmin();
});

afterEach(async () => {
  await sql()`update public.subscription_plans set price = 99000, yearly_price = 990000 where id = ${planId}`;
  await sql()`update public.subscription_plans set price = 9900, yearly_price = 99000 where id = 'individual'`;
});

afterAll(async () => {
  await closeTestSql();
});

/**
 * The next renewal date arrives: every date of the subscription moves back by as much, so an
 * announced price's date stays where it was relative to the renewals.
 */
async function arriveAtRenewal(userId: string) {
  await sql()`
    update public.subscriptions
       set next_price_from = next_price_from - (renews_at - now()) - interval '1 second'
     where user_id = ${userId}`;
  await reachRenewal(userId);
}

async function renewOnce(userId: string) {
  await arriveAtRenewal(userId);
  return await untilRenewed(userId);
}

async function priceNotices(userId: string) {
  const account = await billingAccountOf(userId);
  return sql()<any[]>`
    select * from private.billing_notices where billing_account_id = ${account.id} and kind = 'price_change' order by id`;
}

describe("a price increase", () => {
  it("is announced with the new price and date, and charged only from the first renewal 30 days on", async () => {
    const member = await createMember();
    const { customerKey } = await subscribeWithCard(member, planId);
    // the next renewal is in 10 days: it is before the 30 days are up and keeps the old price
    await sql()`
      update public.subscriptions
         set renews_at = now() + interval '10 days', start_date = now() + interval '10 days' - interval '1 month',
             end_date = now() + interval '10 days' + private.billing_grace()
       where user_id = ${member.user.id}`;
    const before = await subscriptionOf(member.user.id);

    const res = await api(`/admin/plans/${planId}`, { token: admin.token, method: "PATCH", json: { price: 120000 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ plan: { id: planId, price: 120000 } });
    expect(res.body.notified).toBeGreaterThanOrEqual(1);

    const sub = await subscriptionOf(member.user.id);
    expect(sub).toMatchObject({ price: 99000, next_price: 120000 });
    // the first renewal at least 30 days after the announcement: the one after next
    const applies: Date = sub.next_price_from;
    expect(applies.getTime()).toBeGreaterThanOrEqual(Date.now() + 30 * DAY - 60_000);
    expect(applies.getTime()).toBeGreaterThan(before.renews_at.getTime());
    expect(applies.getTime() - before.renews_at.getTime()).toBeLessThanOrEqual(31 * DAY);

    const [notice] = await priceNotices(member.user.id);
    expect(notice.message).toContain("120,000원");
    expect(notice.message).toContain("99,000원");
    const [{ date }] = await sql()<{ date: string }[]>`select private.seoul_date(${applies}) as date`;
    expect(notice.message).toContain(date);
    const overview = (await api("/billing", { token: member.token })).body;
    expect(overview).toMatchObject({ nextCharge: { amount: 99000 }, priceChange: { amount: 120000 } });
    const mails = await sql()<
      any[]
    >`select * from private.mail_outbox where to_address = ${member.email!} and subject = '[AI 논술 첨삭] 요금 변경 안내'`;
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toBe(notice.message);

    // the renewal before the date charges the old price
    const first = await renewOnce(member.user.id);
    expect((await chargesOf(customerKey))[1].body.amount).toBe(99000);
    expect(first).toMatchObject({ price: 99000, next_price: 120000 });
    // the renewal now due is the announced one (moving time by a month in SQL can shift it by a day)
    expect(Math.abs(first.renews_at.getTime() - first.next_price_from.getTime())).toBeLessThan(DAY);
    await sql()`update public.subscriptions set next_price_from = renews_at where user_id = ${member.user.id}`;

    // the renewal on the date charges the new one, which is then the locked price
    const second = await renewOnce(member.user.id);
    expect((await chargesOf(customerKey))[2].body.amount).toBe(120000);
    expect(second).toMatchObject({ price: 120000, next_price: null, next_price_from: null });
  });

  it("leaves yearly subscriptions alone when only the monthly price changes", async () => {
    const member = await createMember();
    await subscribeWithCard(member, planId, "yearly");
    const res = await api(`/admin/plans/${planId}`, { token: admin.token, method: "PATCH", json: { price: 130000 } });
    expect(res.status).toBe(200);
    expect(await subscriptionOf(member.user.id)).toMatchObject({ price: 990000, next_price: null });
    expect(await priceNotices(member.user.id)).toHaveLength(0);
  });
});

describe("a price decrease", () => {
  it("applies from the next renewal without waiting", async () => {
    const member = await createMember();
    const { customerKey } = await subscribeWithCard(member, planId);
    const res = await api(`/admin/plans/${planId}`, { token: admin.token, method: "PATCH", json: { price: 90000 } });
    expect(res.status).toBe(200);
    expect(await subscriptionOf(member.user.id)).toMatchObject({ price: 90000, next_price: null });
    const [notice] = await priceNotices(member.user.id);
    expect(notice.message).toContain("90,000원");
    await renewOnce(member.user.id);
    expect((await chargesOf(customerKey))[1].body.amount).toBe(90000);
  });
});

describe("a scheduled plan change", () => {
  it("is charged at the price quoted when it was chosen, whatever the plan's price does meanwhile", async () => {
    const member = await createMember();
    const { customerKey } = await subscribeWithCard(member, planId);
    const chosen = await api("/billing/change", { token: member.token, json: { planId: "individual" } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body).toMatchObject({ kind: "downgrade", nextAmount: 9900 });
    const raised = await api("/admin/plans/individual", { token: admin.token, method: "PATCH", json: { price: 12900 } });
    expect(raised.status).toBe(200);
    expect((await api("/billing", { token: member.token })).body.scheduledChange).toMatchObject({ planId: "individual", amount: 9900 });

    const renewed = await renewOnce(member.user.id);
    expect((await chargesOf(customerKey))[1].body.amount).toBe(9900);
    expect(renewed).toMatchObject({ plan_id: "individual", price: 9900, change_plan_id: null, change_price: null });
  });
});

describe("PATCH /admin/plans/:id", () => {
  it("is for admins, refuses bad prices and the free plan in Korean, and 404s an unknown plan", async () => {
    const member = await createMember();
    expect((await api(`/admin/plans/${planId}`, { token: member.token, method: "PATCH", json: { price: 1 } })).status).toBe(403);
    const bad = await api(`/admin/plans/${planId}`, { token: admin.token, method: "PATCH", json: { price: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("가격");
    expect((await api(`/admin/plans/${planId}`, { token: admin.token, method: "PATCH", json: { price: 1.5 } })).status).toBe(400);
    expect((await api("/admin/plans/trial", { token: admin.token, method: "PATCH", json: { price: 100 } })).status).toBe(400);
    expect((await api("/admin/plans/nope_plan", { token: admin.token, method: "PATCH", json: { price: 100 } })).status).toBe(404);
    const [plan] = await sql()<any[]>`select price from public.subscription_plans where id = ${planId}`;
    expect(plan.price).toBe(99000);
  });
});
