// Subscriptions on a card (Toss 자동결제) for tests: subscribe + register a card through the API (the
// widget's redirect simulated with an authKey the fake Toss accepts), time moved in SQL, the tick.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { until } from "./grading.ts";
import { readStack } from "./stack.ts";
import { api, testSql, type TestUser } from "./users.ts";

export const authKey = (scenario = "ok") => `auth_${scenario}_${randomBytes(8).toString("hex")}`;

/** POST /billing/subscribe then POST /billing/card with a fresh authKey: the first period is charged. */
export async function subscribeWithCard(user: TestUser, planId = "educator", period: "monthly" | "yearly" = "monthly") {
  const chosen = await api("/billing/subscribe", { token: user.token, json: { planId, period } });
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(201);
  const card = await api("/billing/card", { token: user.token, json: { authKey: authKey(), customerKey: chosen.body.customerKey } });
  expect(card.status, JSON.stringify(card.body)).toBe(200);
  return { customerKey: chosen.body.customerKey as string, chosen: chosen.body, card: card.body };
}

/** Sets what the fake Toss answers to charges of this customer's billing keys. */
export async function setChargeScenario(customerKey: string, charge: "ok" | "decline" | "fail") {
  const res = await fetch(`${readStack().fakeTossUrl}/__customers/${encodeURIComponent(customerKey)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ charge }),
  });
  expect(res.status).toBe(204);
}

/**
 * The renewal date arrives: the period's dates move back so renews_at is a second ago (grace kept after it).
 * A renewal's order id is named by the second its period starts, so when the last renewal was moved to
 * this same second (two renewals within one second of each other in a fast test), wait for the next one:
 * the same id would name the order already paid and the renewal would never be charged.
 */
export async function reachRenewal(userId: string) {
  const [last] = await testSql()<{ at: Date | null }[]>`
    select max(p.period_start) as at from public.payments p
     where p.user_id = ${userId} and p.kind = 'renewal'`;
  if (last?.at && Date.now() - last.at.getTime() < 3000) await new Promise((r) => setTimeout(r, 2100));
  await testSql()`
    update public.subscriptions
       set start_date = start_date - (renews_at - now()) - interval '1 second',
           renews_at = now() - interval '1 second',
           end_date = now() - interval '1 second' + case when canceled_at is null then private.billing_grace() else interval '0' end,
           renewal_notice_for = null
     where user_id = ${userId}`;
}

/** The next retry of a declined renewal is due now (its date moved to a second ago). */
export async function reachNextRetry(userId: string) {
  await testSql()`update public.subscriptions set next_attempt_at = now() - interval '1 second' where user_id = ${userId}`;
}

/** POST /internal/tick with the tick secret (what pg_cron does every minute). */
export async function tick() {
  const { supabaseUrl, gradingTickSecret } = readStack();
  const res = await fetch(`${supabaseUrl}/functions/v1/api/internal/tick`, {
    method: "POST",
    headers: { Authorization: `Bearer ${gradingTickSecret}` },
  });
  expect(res.status).toBe(202);
  await res.body?.cancel();
}

/**
 * Ticks until the subscription's due renewal went through (renews_at in the future again) and returns
 * it. A tick that finds this instance's billing run still busy (e.g. sending mail) starts none, so
 * this ticks again every second; a renewal is charged once however many ticks run.
 */
export async function untilRenewed(userId: string) {
  let ticked = 0;
  return until("the renewal", async () => {
    if (Date.now() - ticked > 1000) {
      ticked = Date.now();
      await tick();
    }
    const s = await subscriptionOf(userId);
    return s.renews_at.getTime() > Date.now() && s;
  });
}

export async function tossRequests(): Promise<any[]> {
  return (await fetch(`${readStack().fakeTossUrl}/__requests`)).json();
}

/** The charges Toss received for this customer's billing keys. */
export async function chargesOf(customerKey: string): Promise<any[]> {
  return (await tossRequests()).filter((r) => /^\/v1\/billing\/bk_/.test(r.path) && r.body?.customerKey === customerKey);
}

export async function subscriptionOf(userId: string) {
  const [row] = await testSql()<any[]>`select * from public.subscriptions where user_id = ${userId}`;
  return row;
}

export async function billingAccountOf(userId: string) {
  const [row] = await testSql()<any[]>`select * from private.billing_accounts where owner_user_id = ${userId}`;
  return row;
}
