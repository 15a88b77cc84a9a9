// /api/plans, /api/usage/status and /api/subscription/status against the seeded local stack.
import { afterAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createGuest, createMember, testSql } from "../helpers/users.ts";

const sql = () => testSql();

async function planName(id: string): Promise<string> {
  const [row] = await sql()<{ name: string }[]>`select name from public.subscription_plans where id = ${id}`;
  return row.name;
}

afterAll(async () => {
  await closeTestSql();
});

/** A new guest and its answer from `path`, asserted: 200, 0 of 3 free uses, the trial plan. */
async function newGuestStatus(path: "/usage/status" | "/subscription/status") {
  const guest = await createGuest();
  const res = await api(path, { token: guest.token });
  expect(res.status).toBe(200);
  expect(res.body.usage).toEqual({ current: 0, limit: 3 });
  expect(res.body.plan.id).toBe("trial");
  return { guest, res };
}

describe("GET /plans", () => {
  it("lists the active plans by ascending price with the seeded values, without a token", async () => {
    const res = await api("/plans");
    expect(res.status).toBe(200);
    const plans = res.body as Array<Record<string, unknown>>;
    expect(plans.map((p) => p.id)).toEqual(["trial", "individual", "educator", "business"]);
    expect(plans.map((p) => p.price)).toEqual([0, 9900, 29900, 99000]);
    expect(plans.map((p) => p.maxEssaysPerMonth)).toEqual([10, 100, 500, 3000]);
    expect(plans.map((p) => p.maxFilesPerUpload)).toEqual([1, 1, 10, 50]);
    expect(plans.map((p) => p.yearlyPrice)).toEqual([null, 99000, 299000, 990000]);
    // an organisation's seats are its owner's plan's max_users: the business plan has 10
    expect(plans.map((p) => p.maxUsers)).toEqual([1, 1, 1, 10]);
    for (const plan of plans) {
      expect(Object.keys(plan).sort()).toEqual([
        "billingPeriod",
        "currency",
        "description",
        "features",
        "id",
        "isActive",
        "maxEssaysPerMonth",
        "maxFilesPerUpload",
        "maxUsers",
        "name",
        "price",
        "yearlyPrice",
      ]);
      expect(plan).toMatchObject({ currency: "KRW", billingPeriod: "monthly", isActive: 1 });
      expect(Array.isArray(plan.features)).toBe(true);
      expect((plan.features as string[]).length).toBeGreaterThan(0);
      expect(plan.name).toBe(await planName(plan.id as string));
    }
  });

  it("leaves out inactive plans", async () => {
    await sql()`update public.subscription_plans set is_active = false where id = 'individual'`;
    try {
      const res = await api("/plans");
      expect(res.body.map((p: { id: string }) => p.id)).toEqual(["trial", "educator", "business"]);
    } finally {
      await sql()`update public.subscription_plans set is_active = true where id = 'individual'`;
    }
  });
});

describe("GET /usage/status", () => {
  it("needs a session", async () => {
    const res = await api("/usage/status");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "로그인이 필요합니다." });
  });

  it("gives a new member 0 of 10 on the trial plan", async () => {
    const member = await createMember();
    const res = await api("/usage/status", { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ usage: { current: 0, limit: 10 }, plan: { id: "trial", name: await planName("trial") } });
  });

  it("gives a guest 0 of 3 and counts guest uses", async () => {
    const { guest, res } = await newGuestStatus("/usage/status");
    expect(typeof res.body.plan.name).toBe("string");

    await sql()`update public.profiles set guest_usage_count = 2 where id = ${guest.user.id}`;
    const again = await api("/usage/status", { token: guest.token });
    expect(again.body.usage).toEqual({ current: 2, limit: 3 });
  });

  it("counts this Seoul month's essays against the plan's monthly limit", async () => {
    const member = await createMember();
    await sql()`
      update public.usage_tracking set essay_count = 7
       where user_id = ${member.user.id}
         and period_start = date_trunc('month', now() at time zone 'Asia/Seoul') at time zone 'Asia/Seoul'`;
    await sql()`
      insert into public.usage_tracking (user_id, essay_count, period_start, period_end)
      values (${member.user.id}, 9, now() - interval '70 days', now() - interval '40 days')`;
    const res = await api("/usage/status", { token: member.token });
    expect(res.body.usage).toEqual({ current: 7, limit: 10 });

    await sql()`update public.subscriptions set plan_id = 'educator', status = 'active' where user_id = ${member.user.id}`;
    const upgraded = await api("/usage/status", { token: member.token });
    expect(upgraded.body).toEqual({ usage: { current: 7, limit: 500 }, plan: { id: "educator", name: await planName("educator") } });
  });

  it("creates the month's usage row when it is missing", async () => {
    const member = await createMember();
    await sql()`delete from public.usage_tracking where user_id = ${member.user.id}`;
    const res = await api("/usage/status", { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.usage).toEqual({ current: 0, limit: 10 });
    const rows = await sql()`
      select essay_count from public.usage_tracking
       where user_id = ${member.user.id}
         and period_start = date_trunc('month', now() at time zone 'Asia/Seoul') at time zone 'Asia/Seoul'`;
    expect(rows).toEqual([{ essay_count: 0 }]);
  });
});

describe("GET /subscription/status", () => {
  it("needs a session", async () => {
    expect((await api("/subscription/status")).status).toBe(401);
  });

  it("returns plan, usage and the subscription dates", async () => {
    const member = await createMember();
    const res = await api("/subscription/status", { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.plan).toEqual({ id: "trial", name: await planName("trial") });
    expect(res.body.usage).toEqual({ current: 0, limit: 10 });
    expect(res.body.limits).toEqual({ filesPerUpload: 1, batch: false });
    expect(res.body.subscription).toMatchObject({ status: "trial", endDate: null, renewsAt: null });
    expect(Date.parse(res.body.subscription.startDate)).not.toBeNaN();

    await sql()`
      update public.subscriptions
         set plan_id = 'business', status = 'active', end_date = now() + interval '30 days',
             renews_at = now() + interval '30 days'
       where user_id = ${member.user.id}`;
    const active = await api("/subscription/status", { token: member.token });
    expect(active.body.plan).toEqual({ id: "business", name: await planName("business") });
    expect(active.body.usage.limit).toBe(3000);
    expect(active.body.limits).toEqual({ filesPerUpload: 50, batch: true });
    expect(active.body.subscription.status).toBe("active");
    expect(Date.parse(active.body.subscription.renewsAt)).toBeGreaterThan(Date.now());
  });

  it("shows a guest on the trial plan with 3 free uses", async () => {
    const { res } = await newGuestStatus("/subscription/status");
    expect(res.body.limits).toEqual({ filesPerUpload: 1, batch: false });
  });

  it("reads the plan's limits from subscription_plans, so a changed plan row changes them", async () => {
    const member = await createMember();
    await sql()`
      update public.subscriptions
         set plan_id = 'educator', status = 'active', end_date = now() + interval '30 days'
       where user_id = ${member.user.id}`;
    const [{ files }] = await sql()<{ files: number }[]>`
      select max_files_per_upload as files from public.subscription_plans where id = 'educator'`;
    const before = await api("/subscription/status", { token: member.token });
    expect(before.body.limits).toEqual({ filesPerUpload: files, batch: true });
    await sql()`update public.subscription_plans set max_files_per_upload = 7 where id = 'educator'`;
    try {
      const after = await api("/subscription/status", { token: member.token });
      expect(after.body.limits).toEqual({ filesPerUpload: 7, batch: true });
    } finally {
      await sql()`update public.subscription_plans set max_files_per_upload = ${files} where id = 'educator'`;
    }
  });
});
