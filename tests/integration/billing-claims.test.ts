// Claiming a due renewal (private.claim_due_renewal): a subscription another tick holds is skipped, not
// waited for, and a due subscription whose order of this period is settled already never holds up the rest.
import { afterAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { readStack } from "../helpers/stack.ts";
import { closeTestSql, createMember, testSql } from "../helpers/users.ts";
import { reachRenewal, subscribeWithCard } from "../helpers/renewals.ts";

const sql = () => testSql();

afterAll(async () => {
  await closeTestSql();
});

describe("claiming a due renewal", () => {
  it("a due subscription whose order of this period is settled already does not hold up the others", async () => {
    const stuck = await createMember();
    const next = await createMember();
    await subscribeWithCard(stuck, "individual");
    await subscribeWithCard(next, "individual");
    const rollback = new Error("rollback");
    let claimed: { subscription_id: string }[] = [];
    await sql()
      .begin(async (tx) => {
        // both due long before any other test's subscription; the first one's renewal order is paid already
        // (its subscription not moved on), which once made the claim answer nothing for every subscription
        const [a] = await tx<{ id: string; billing_account_id: string; renews_at: Date }[]>`
          update public.subscriptions set renews_at = date_trunc('second', now()) - interval '3650 days', next_attempt_at = null
           where user_id = ${stuck.user.id} returning id, billing_account_id, renews_at`;
        const [b] = await tx<{ id: string }[]>`
          update public.subscriptions set renews_at = date_trunc('second', now()) - interval '3600 days', next_attempt_at = null
           where user_id = ${next.user.id} returning id`;
        const orderId = `rn_${a.id.replaceAll("-", "")}_${a.renews_at.getTime() / 1000}_0`;
        await tx`insert into public.payments (id, user_id, plan_id, amount, order_name, status, kind, billing_account_id,
                                              billing_period, period_start, period_end)
                 values (${orderId}, ${stuck.user.id}, 'individual', 9900, '개인 정기 구독 (월간)', 'done', 'renewal',
                         ${a.billing_account_id}, 'monthly', ${a.renews_at}, ${a.renews_at}::timestamptz + interval '1 month')`;
        claimed = await tx<{ subscription_id: string }[]>`select subscription_id from private.claim_due_renewal()`;
        expect(claimed.map((c) => c.subscription_id)).toEqual([b.id]);
        throw rollback;
      })
      .catch((err) => {
        if (err !== rollback) throw err;
      });
    expect(claimed).toHaveLength(1);
  });

  it("a subscription another instance is charging is skipped, not waited for", async () => {
    const member = await createMember();
    await subscribeWithCard(member, "individual");
    const a = postgres(readStack().dbUrl, { max: 1, onnotice: () => {} });
    const b = postgres(readStack().dbUrl, { max: 1, onnotice: () => {} });
    const rollback = new Error("rollback");
    let checked = false;
    try {
      // the local stack's own tick may take a due row first: try until one instance holds one
      for (let i = 0; i < 5 && !checked; i++) {
        await reachRenewal(member.user.id);
        await a
          .begin(async (ta) => {
            const held = await ta<{ subscription_id: string }[]>`select subscription_id from private.claim_due_renewal()`;
            if (held.length === 0) throw rollback;
            const other = await b.begin(
              async (tb) => tb<{ subscription_id: string }[]>`select subscription_id from private.claim_due_renewal()`,
            );
            expect(other.map((o) => o.subscription_id)).not.toContain(held[0].subscription_id);
            checked = true;
            throw rollback;
          })
          .catch((err) => {
            if (err !== rollback) throw err;
          });
      }
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    expect(checked).toBe(true);
  });
});
