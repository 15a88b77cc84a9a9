// A declined renewal and 구독 해지 against the fake Toss billing API (time moved in SQL): a decline is
// retried 1, 3 and 5 days after the renewal date with a Korean notice and a mail each time, the plan
// stays in force meanwhile, and after the last failure the account is back on the trial plan; a new
// card (결제 수단 변경) is charged at once; cancellation is one call, keeps the plan to the period's end,
// charges nothing more, and can be undone before then.
import { afterAll, describe, expect, it } from "vitest";
import { until } from "../helpers/grading.ts";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import {
  authKey,
  billingAccountOf,
  chargesOf,
  reachNextRetry,
  reachRenewal,
  setChargeScenario,
  subscribeWithCard,
  subscriptionOf,
  tick,
} from "../helpers/renewals.ts";

const sql = () => testSql();
const DAY = 86_400_000;

afterAll(async () => {
  await closeTestSql();
});

const limit = async (user: TestUser) => (await api("/usage/status", { token: user.token })).body.usage.limit as number;
const overview = async (user: TestUser) => (await api("/billing", { token: user.token })).body;

async function noticesOf(userId: string) {
  const account = await billingAccountOf(userId);
  return sql()<any[]>`select * from private.billing_notices where billing_account_id = ${account.id} order by id`;
}

/** Ticks until the subscription's declined attempts reach `n`. */
async function attemptsReach(userId: string, n: number) {
  await tick();
  return until(`renewal attempt ${n}`, async () => {
    const s = await subscriptionOf(userId);
    return s.renewal_attempts >= n && s;
  });
}

describe("a declined renewal", () => {
  it("is retried 1, 3 and 5 days after the renewal date with the plan in force, then the account returns to trial", async () => {
    const member = await createMember();
    const { customerKey } = await subscribeWithCard(member, "educator");
    await setChargeScenario(customerKey, "decline");
    await reachRenewal(member.user.id);
    const renewsAt: Date = (await subscriptionOf(member.user.id)).renews_at;

    for (const [attempt, days] of [
      [1, 1],
      [2, 3],
      [3, 5],
    ]) {
      if (attempt > 1) await reachNextRetry(member.user.id);
      const s = await attemptsReach(member.user.id, attempt);
      expect(s.next_attempt_at.getTime() - renewsAt.getTime()).toBe(days * DAY);
      expect(s).toMatchObject({ plan_id: "educator", status: "active", auto_renew: true });
      expect(await limit(member)).toBe(500); // grace: the plan stays
      const o = await overview(member);
      expect(o).toMatchObject({ status: "past_due", retry: { attempts: attempt } });
      const notices = await noticesOf(member.user.id);
      expect(notices).toHaveLength(attempt);
      expect(notices.at(-1)).toMatchObject({ kind: "payment_failed" });
      expect(notices.at(-1).message).toContain("29,900원");
      expect(notices.at(-1).message).toContain("결제 수단을 변경");
    }
    const mails = await sql()<any[]>`select * from private.mail_outbox where to_address = ${member.email} order by id`;
    expect(mails.map((m) => m.subject)).toEqual(Array(3).fill("[AI 논술 첨삭] 정기 결제 실패 안내"));

    await reachNextRetry(member.user.id);
    await tick();
    const ended = await until("the end of the subscription", async () => {
      const s = await subscriptionOf(member.user.id);
      return !s.auto_renew && s;
    });
    expect(ended).toMatchObject({ plan_id: "trial", status: "expired", renewal_attempts: 4 });
    expect(await limit(member)).toBe(10);
    expect((await noticesOf(member.user.id)).at(-1).kind).toBe("subscription_ended");
    expect((await overview(member)).status).toBe("none");

    const failed = await sql()<{ id: string }[]>`
      select id from public.payments where user_id = ${member.user.id} and kind = 'renewal' and status = 'failed' order by id`;
    expect(failed.map((p) => p.id.slice(-2))).toEqual(["_0", "_1", "_2", "_3"]);
    expect(await chargesOf(customerKey)).toHaveLength(5);
    // nothing more is tried
    await tick();
    expect((await subscriptionOf(member.user.id)).renewal_attempts).toBe(4);
  });

  it("is charged at once on a new card (결제 수단 변경), and the month runs from the renewal date", async () => {
    const member = await createMember();
    const { customerKey } = await subscribeWithCard(member, "individual");
    await setChargeScenario(customerKey, "decline");
    await reachRenewal(member.user.id);
    const renewsAt: Date = (await subscriptionOf(member.user.id)).renews_at;
    await attemptsReach(member.user.id, 1);

    await setChargeScenario(customerKey, "ok");
    const change = await api("/billing/card/change", { token: member.token, method: "POST" });
    expect(change.status).toBe(200);
    expect(change.body.customerKey).toBe(customerKey);
    const card = await api("/billing/card", { token: member.token, json: { authKey: authKey(), customerKey } });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.message).toContain("결제 수단이 변경");

    await tick();
    const renewed = await until("the renewal on the new card", async () => {
      const s = await subscriptionOf(member.user.id);
      return s.renewal_attempts === 0 && s.renews_at > renewsAt && s;
    });
    const month = renewed.renews_at.getTime() - renewsAt.getTime();
    expect(month).toBeGreaterThanOrEqual(28 * DAY);
    expect(month).toBeLessThanOrEqual(31 * DAY);
    const done = await sql()<{ id: string }[]>`
      select id from public.payments where user_id = ${member.user.id} and kind = 'renewal' and status = 'done'`;
    expect(done.map((p) => p.id.slice(-2))).toEqual(["_1"]);
    expect((await overview(member)).status).toBe("active");
  });
});

describe("구독 해지", () => {
  it("stops renewal, keeps the plan to the period's end, can be undone, and then charges nothing", async () => {
    const member = await createMember();
    const { customerKey, card } = await subscribeWithCard(member, "educator");

    const cancel = await api("/billing/cancel", { token: member.token, method: "POST" });
    expect(cancel.status).toBe(200);
    expect(cancel.body.message).toMatch(/\d{4}\. \d{1,2}\. \d{1,2}\.까지/);
    expect(cancel.body.endsAt).toBe(card.renewsAt);
    expect(await overview(member)).toMatchObject({ status: "canceled", cancelAtPeriodEnd: true, nextCharge: null });
    expect(await limit(member)).toBe(500);
    expect((await api("/billing/cancel", { token: member.token, method: "POST" })).status).toBe(409);

    const resume = await api("/billing/resume", { token: member.token, method: "POST" });
    expect(resume.status).toBe(200);
    expect(await overview(member)).toMatchObject({ status: "active", cancelAtPeriodEnd: false, nextCharge: { amount: 29900 } });
    expect((await api("/billing/resume", { token: member.token, method: "POST" })).status).toBe(409);

    expect((await api("/billing/cancel", { token: member.token, method: "POST" })).status).toBe(200);
    await reachRenewal(member.user.id);
    await tick();
    await until(
      "the end of the period",
      async () => (await subscriptionOf(member.user.id)).status === "expired" || (await limit(member)) === 10,
    );
    expect(await limit(member)).toBe(10);
    expect(await chargesOf(customerKey)).toHaveLength(1);
    const late = await api("/billing/resume", { token: member.token, method: "POST" });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatch(/[가-힣]/);
  });

  it("during the retries of a declined renewal ends the plan at once", async () => {
    const member = await createMember();
    const { customerKey } = await subscribeWithCard(member, "individual");
    await setChargeScenario(customerKey, "decline");
    await reachRenewal(member.user.id);
    await attemptsReach(member.user.id, 1);
    const cancel = await api("/billing/cancel", { token: member.token, method: "POST" });
    expect(cancel.status).toBe(200);
    expect(await subscriptionOf(member.user.id)).toMatchObject({ plan_id: "trial", status: "expired" });
    expect(await limit(member)).toBe(10);
  });

  it("answers 409 in Korean without a subscription that renews", async () => {
    const member = await createMember();
    const res = await api("/billing/cancel", { token: member.token, method: "POST" });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("정기 구독 중이 아닙니다.");
  });
});
