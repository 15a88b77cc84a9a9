// Subscriptions on a card kept on file (Toss 자동결제) against the fake Toss billing API: a card is
// registered and the first period charged; the billing key is stored only encrypted where no member
// can read it; the renewal is charged by the tick exactly once per period however many ticks run
// (time moved in SQL); the cron's condition says when billing work is due.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { until } from "../helpers/grading.ts";
import { readStack } from "../helpers/stack.ts";
import { api, closeTestSql, createGuest, createMember, testSql } from "../helpers/users.ts";
import { authKey, billingAccountOf, chargesOf, reachRenewal, subscribeWithCard, subscriptionOf, tick } from "../helpers/renewals.ts";

const sql = () => testSql();

afterAll(async () => {
  await closeTestSql();
});

const DAY = 86_400_000;

async function receivedMails(): Promise<any[]> {
  return (await fetch(`${process.env.TEST_FAKE_MAIL_URL}/__mails`)).json();
}

describe("subscribing with a card", () => {
  it("says what will be charged and when, then registers the card and charges the first month", async () => {
    const member = await createMember();
    const chosen = await api("/billing/subscribe", { token: member.token, json: { planId: "educator", period: "monthly" } });
    expect(chosen.status).toBe(201);
    expect(chosen.body).toMatchObject({ planId: "educator", period: "monthly", amount: 29900, yearlySaving: 29900 * 2 });
    expect(chosen.body.clientKey).toMatch(/^test_ck_/);
    // the customerKey is random: neither the user id nor the email
    const customerKey: string = chosen.body.customerKey;
    expect(customerKey).toMatch(/^cus_[A-Za-z0-9]{32}$/);
    expect(customerKey).not.toContain(member.user.id);
    expect(Date.parse(chosen.body.renewsAt) - Date.now()).toBeGreaterThan(27 * DAY);

    const card = await api("/billing/card", { token: member.token, json: { authKey: authKey(), customerKey } });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.amount).toBe(29900);
    expect(card.body.message).toContain("구독이 시작되었습니다");

    const charges = await chargesOf(customerKey);
    expect(charges).toHaveLength(1);
    expect(charges[0].body).toMatchObject({ amount: 29900, orderId: card.body.orderId });
    expect(charges[0].headers["idempotency-key"]).toBe(`charge-${card.body.orderId}`);

    const overview = await api("/billing", { token: member.token });
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({
      plan: { id: "educator" },
      period: "monthly",
      status: "active",
      cancelAtPeriodEnd: false,
      card: { masked: "4330-1234-****-123*" },
      nextCharge: { amount: 29900 },
    });
    expect(overview.body.renewsAt).toBe(card.body.renewsAt);
    expect(overview.body.payments).toHaveLength(1);
    expect(overview.body.payments[0]).toMatchObject({ kind: "subscription", amount: 29900, status: "done" });
    expect(overview.body.payments[0].receiptUrl).toMatch(/^https:\/\//);
    // the plan is in force at once
    const usage = await api("/usage/status", { token: member.token });
    expect(usage.body.usage.limit).toBe(500);
  });

  it("charges a year at the yearly price", async () => {
    const member = await createMember();
    const { card } = await subscribeWithCard(member, "individual", "yearly");
    expect(card.amount).toBe(99000);
    const sub = await subscriptionOf(member.user.id);
    expect(sub).toMatchObject({ plan_id: "individual", billing_period: "yearly", auto_renew: true });
    expect(sub.renews_at.getTime() - Date.now()).toBeGreaterThan(364 * DAY);
  });

  it("keeps the billing key only encrypted, in tables members cannot read", async () => {
    const member = await createMember();
    const { customerKey } = await subscribeWithCard(member);
    const charge = (await chargesOf(customerKey))[0];
    const billingKey = decodeURIComponent(charge.path.split("/").pop());
    expect(billingKey).toMatch(/^bk_/);

    const account = await billingAccountOf(member.user.id);
    const rows = await sql()<{ t: string }[]>`
      select row_to_json(k)::text as t from private.billing_keys k where k.billing_account_id = ${account.id}
      union all select row_to_json(a)::text from private.billing_accounts a where a.id = ${account.id}
      union all select row_to_json(s)::text from public.subscriptions s where s.user_id = ${member.user.id}
      union all select row_to_json(p)::text from public.payments p where p.user_id = ${member.user.id}`;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const r of rows) expect(r.t).not.toContain(billingKey);
    const [key] = await sql()<{ key_ciphertext: string }[]>`
      select key_ciphertext from private.billing_keys where billing_account_id = ${account.id}`;
    expect(key.key_ciphertext).toMatch(/^v1\./);

    for (const role of ["authenticated", "anon"]) {
      await expect(
        sql().begin(async (tx) => {
          await tx.unsafe(`set local role ${role}`);
          await tx`select * from private.billing_keys`;
        }),
      ).rejects.toMatchObject({ code: "42501" });
    }
  });

  it("refuses guests, free plans, a missing yearly price and someone else's customerKey, in Korean", async () => {
    const guest = await createGuest();
    const g = await api("/billing/subscribe", { token: guest.token, json: { planId: "educator" } });
    expect(g.status).toBe(403);
    const member = await createMember();
    const free = await api("/billing/subscribe", { token: member.token, json: { planId: "trial" } });
    expect(free.status).toBe(400);
    expect(free.body.error).toMatch(/[가-힣]/);
    const badPeriod = await api("/billing/subscribe", { token: member.token, json: { planId: "educator", period: "weekly" } });
    expect(badPeriod.status).toBe(400);
    await sql()`update public.subscription_plans set yearly_price = null where id = 'business'`;
    try {
      const noYear = await api("/billing/subscribe", { token: member.token, json: { planId: "business", period: "yearly" } });
      expect(noYear.status).toBe(400);
      expect(noYear.body.error).toContain("연간");
    } finally {
      await sql()`update public.subscription_plans set yearly_price = price * 10 where id = 'business'`;
    }
    const other = await createMember();
    const mine = await api("/billing/subscribe", { token: member.token, json: { planId: "educator" } });
    const stolen = await api("/billing/card", { token: other.token, json: { authKey: authKey(), customerKey: mine.body.customerKey } });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toMatch(/[가-힣]/);
    const rejected = await api("/billing/card", {
      token: member.token,
      json: { authKey: authKey("reject"), customerKey: mine.body.customerKey },
    });
    expect(rejected.status).toBe(400);
    expect(rejected.body.error).toContain("카드");
    expect(await subscriptionOf(member.user.id)).toMatchObject({ plan_id: "trial", auto_renew: false });
  });

  it("refuses a second subscription, or a one-month pass, while one renews", async () => {
    const member = await createMember();
    await subscribeWithCard(member);
    const again = await api("/billing/subscribe", { token: member.token, json: { planId: "business" } });
    expect(again.status).toBe(409);
    expect(again.body.error).toContain("이미 정기 구독 중");
    // a one-month pass on top would stack a month onto the renewing period
    const pass = await api("/payments/create-intent", { token: member.token, json: { planId: "educator" } });
    expect(pass.status).toBe(409);
    expect(pass.body.error).toContain("결제 관리");
  });
});

describe("renewal by the tick", () => {
  it("charges the next month exactly once however many ticks run, and extends the subscription", async () => {
    const member = await createMember();
    const { customerKey } = await subscribeWithCard(member, "educator");
    const before = await subscriptionOf(member.user.id);

    await reachRenewal(member.user.id);
    const due = await subscriptionOf(member.user.id);
    await Promise.all([tick(), tick(), tick(), tick()]);
    const renewed = await until("the renewal", async () => {
      const s = await subscriptionOf(member.user.id);
      return s.renews_at.getTime() > Date.now() && s;
    });
    // a further tick finds nothing due for this subscription
    await Promise.all([tick(), tick()]);

    const charges = await chargesOf(customerKey);
    expect(charges).toHaveLength(2);
    const orderId = charges[1].body.orderId as string;
    expect(orderId).toBe(`rn_${before.id.replaceAll("-", "")}_${Math.floor(due.renews_at.getTime() / 1000)}_0`);
    expect(charges[1].headers["idempotency-key"]).toBe(`charge-${orderId}`);
    expect(charges[1].body.amount).toBe(29900);

    // the new month runs from the old renewal date
    const month = renewed.renews_at.getTime() - due.renews_at.getTime();
    expect(month).toBeGreaterThanOrEqual(28 * DAY);
    expect(month).toBeLessThanOrEqual(31 * DAY);
    expect(renewed).toMatchObject({ plan_id: "educator", status: "active", auto_renew: true, renewal_attempts: 0 });
    const payments = await sql()<any[]>`
      select * from public.payments where user_id = ${member.user.id} and kind = 'renewal'`;
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ id: orderId, status: "done", amount: 29900 });
    expect(payments[0].period_start.getTime()).toBe(due.renews_at.getTime());
    expect(payments[0].period_end.getTime()).toBe(renewed.renews_at.getTime());
    expect((await api("/billing", { token: member.token })).body.payments).toHaveLength(2);
  });

  it("a charge whose answer was lost is sent again with the same order id and key, and counted once", async () => {
    const member = await createMember();
    const { customerKey } = await subscribeWithCard(member, "individual");
    const s = await subscriptionOf(member.user.id);
    const due = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    // another instance charged this period and died before recording it: Toss has the payment already
    const orderId = `rn_${s.id.replaceAll("-", "")}_${due.getTime() / 1000}_0`;
    const first = (await chargesOf(customerKey))[0];
    const replayed = await fetch(`${readStack().fakeTossUrl}${first.path}`, {
      method: "POST",
      headers: { Authorization: first.headers.authorization, "Content-Type": "application/json", "Idempotency-Key": `charge-${orderId}` },
      body: JSON.stringify({ customerKey, amount: 9900, orderId, orderName: "개인 정기 구독 (월간)" }),
    });
    expect(replayed.status).toBe(200);
    await sql()`update public.subscriptions set renews_at = ${due}, end_date = ${due}::timestamptz + private.billing_grace()
                 where user_id = ${member.user.id}`;
    await tick();
    await until("the renewal", async () => (await subscriptionOf(member.user.id)).renews_at.getTime() > Date.now());
    const [{ n }] = await sql()<{ n: number }[]>`
      select count(*)::int as n from public.payments where id = ${orderId} and status = 'done'`;
    expect(n).toBe(1);
    // Toss answered the function's request from the first charge (same key): one payment for the order
    const charges = (await chargesOf(customerKey)).filter((c) => c.body.orderId === orderId);
    expect(charges).toHaveLength(2);
    expect(charges.every((c) => c.headers["idempotency-key"] === `charge-${orderId}`)).toBe(true);
    const [row] = await sql()<{ payment_key: string }[]>`select payment_key from public.payments where id = ${orderId}`;
    expect(row.payment_key).toBe((await replayed.json()).paymentKey);
  });
});

describe("the scheduled tick's condition", () => {
  it("private.billing_work_due() is true exactly when a renewal, a notice or a mail is due", async () => {
    const member = await createMember();
    await subscribeWithCard(member, "individual");
    const rollback = new Error("rollback");
    await expect(
      sql().begin(async (tx) => {
        await tx`update public.subscriptions set auto_renew = false where user_id <> ${member.user.id}`;
        await tx`update private.mail_outbox set sent_at = now() where sent_at is null`;
        const due = async () => (await tx<{ d: boolean }[]>`select private.billing_work_due() as d`)[0].d;
        expect(await due()).toBe(false); // renews in a month
        await tx`update public.subscriptions set renews_at = now() + interval '6 days' where user_id = ${member.user.id}`;
        expect(await due()).toBe(true); // the 7-day notice
        await tx`update public.subscriptions set renewal_notice_for = renews_at where user_id = ${member.user.id}`;
        expect(await due()).toBe(false);
        await tx`update public.subscriptions set renews_at = now() - interval '1 second' where user_id = ${member.user.id}`;
        expect(await due()).toBe(true); // the renewal
        await tx`update public.subscriptions set canceled_at = now() where user_id = ${member.user.id}`;
        expect(await due()).toBe(false); // cancelled: nothing to charge
        await tx`insert into private.mail_outbox (to_address, subject, body) values ('a@example.com', 's', 'b')`;
        expect(await due()).toBe(true); // a mail waits
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it("pg_cron calls the tick while grading work waits or billing work is due", () => {
    const migration = readFileSync(new URL("../../supabase/migrations/20261122000300_grading.sql", import.meta.url), "utf8");
    const job = migration.slice(migration.indexOf("'grading-tick'"), migration.indexOf("$cron$);"));
    expect(job).toMatch(/where exists \([\s\S]*essay_submissions[\s\S]*\)\s*or private\.billing_work_due\(\);/);
  });
});

describe("the 7-day renewal notice", () => {
  it("is queued once per period, in the app and by mail, with the amount and the date", async () => {
    const member = await createMember();
    await subscribeWithCard(member, "educator");
    await sql()`update public.subscriptions set renews_at = now() + interval '6 days', end_date = now() + interval '6 days' + private.billing_grace()
                 where user_id = ${member.user.id}`;
    await Promise.all([tick(), tick()]);
    const overview = await until("the notice", async () => {
      const o = await api("/billing", { token: member.token });
      return o.body.notices.length > 0 && o.body;
    });
    await tick();
    const account = await billingAccountOf(member.user.id);
    const notices = await sql()<any[]>`select * from private.billing_notices where billing_account_id = ${account.id}`;
    expect(notices).toHaveLength(1);
    expect(notices[0].kind).toBe("renewal_upcoming");
    expect(overview.notices[0].message).toContain("29,900원");
    const mails = await sql()<any[]>`select * from private.mail_outbox where to_address = ${member.email}`;
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toBe(notices[0].message);
    expect(mails[0].body).toMatch(/\d{4}\. \d{1,2}\. \d{1,2}\.에/);

    // the tick sends it over SMTP with TLS from the first byte, logged in, from MAIL_FROM
    const received = await until("the mail", async () => (await receivedMails()).find((m) => m.to.includes(member.email!)));
    expect(received).toMatchObject({ secure: true, user: "mailer", from: "billing@school.example" });
    expect(received.subject).toBe("[AI 논술 첨삭] 정기 결제 예정 안내");
    expect(received.text.trim()).toBe(notices[0].message);
    const sent = await until("sent_at", async () => {
      const [m] = await sql()<any[]>`select * from private.mail_outbox where id = ${mails[0].id}`;
      return m.sent_at && m;
    });
    expect(sent.attempts).toBe(1);
  });
});

describe("the mail outbox", () => {
  it("retries a mail the server refused for now, and sends it once", async () => {
    const to = `tempfail-${Date.now()}@example.com`;
    const [row] = await sql()<{ id: string }[]>`
      insert into private.mail_outbox (to_address, subject, body) values (${to}, '재시도 확인', '본문') returning id::text`;
    await tick();
    const failed = await until("the first attempt", async () => {
      const [m] = await sql()<any[]>`select * from private.mail_outbox where id = ${row.id}`;
      return m.last_error && m;
    });
    expect(failed).toMatchObject({ attempts: 1, sent_at: null });
    expect(failed.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    await sql()`update private.mail_outbox set next_attempt_at = now() - interval '1 second' where id = ${row.id}`;
    await tick();
    const sent = await until("the retry", async () => {
      const [m] = await sql()<any[]>`select * from private.mail_outbox where id = ${row.id}`;
      return m.sent_at && m;
    });
    expect(sent.attempts).toBe(2);
    expect((await receivedMails()).filter((m) => m.to.includes(to))).toHaveLength(1);
  });
});
