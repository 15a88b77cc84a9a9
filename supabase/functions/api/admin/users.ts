// Member management helpers: the admin list (users + usage), plan changes, refunds (account removal: lib/users/delete.ts).
import { z } from "zod";
import type { User, UsageCounter } from "../../_shared/types.ts";
import { DEFAULT_PLAN_ID, GUEST_FREE_USES } from "../../_shared/plans.ts";
import { type AnySql, selectUsers } from "../lib/users/queries.ts";
import { ADMIN_MESSAGES } from "./messages.ts";

export interface AdminUser extends User {
  /** Same rule as GET /usage/status: guests count guest uses of 3; members this month's essays of their plan's limit. */
  usage: UsageCounter;
  /** Essays counted in this Asia/Seoul month's usage row (0 when none). */
  essaysThisMonth: number;
}

export const changePlanSchema = z.object({
  planId: z.string({ error: ADMIN_MESSAGES.planRequired }).trim().min(1, ADMIN_MESSAGES.planRequired).max(50),
  /** End of the paid period (ISO date-time); paid plans only, default one month from now. */
  endDate: z.iso.datetime({ offset: true, error: ADMIN_MESSAGES.endDateInvalid }).optional(),
});

export const refundSchema = z.object({
  reason: z
    .string({ error: ADMIN_MESSAGES.refundReasonRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.refundReasonRequired)
    .max(200, ADMIN_MESSAGES.refundReasonRequired),
  /** KRW to refund; omitted = everything not yet refunded. */
  amount: z
    .number({ error: ADMIN_MESSAGES.refundAmountInvalid })
    .int(ADMIN_MESSAGES.refundAmountInvalid)
    .min(1, ADMIN_MESSAGES.refundAmountInvalid)
    .max(100_000_000, ADMIN_MESSAGES.refundAmountInvalid)
    .optional(),
});

/** Every user with subscription and usage, newest first. `sql` may be the admin's RLS transaction. */
export async function listUsersWithUsage(sql: AnySql): Promise<AdminUser[]> {
  const users = await selectUsers(sql);
  const rows = await sql<
    {
      id: string;
      is_guest: boolean;
      guest_usage_count: number;
      essay_count: number | null;
      plan_limit: number | null;
      trial_limit: number | null;
    }[]
  >`
    select p.id, p.is_guest, p.guest_usage_count, u.essay_count,
           sp.max_essays_per_month as plan_limit, tp.max_essays_per_month as trial_limit
      from public.profiles p
      left join public.subscriptions s on s.user_id = p.id
      left join public.subscription_plans sp on sp.id = s.plan_id
      left join public.subscription_plans tp on tp.id = ${DEFAULT_PLAN_ID}
      left join public.usage_tracking u
             on u.user_id = p.id and u.period_start = (select c.period_start from private.current_period() c)`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return users.map((user) => {
    const r = byId.get(user.id);
    const month = Number(r?.essay_count ?? 0);
    const usage: UsageCounter = r?.is_guest
      ? { current: Number(r.guest_usage_count ?? 0), limit: GUEST_FREE_USES }
      : { current: month, limit: Number(r?.plan_limit ?? r?.trial_limit ?? 0) };
    return { ...user, usage, essaysThisMonth: month };
  });
}
