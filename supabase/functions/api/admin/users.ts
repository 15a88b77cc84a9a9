// Member management helpers: the admin list (users + usage), plan changes, refunds (account removal: lib/users/delete.ts).
import { z } from "zod";
import type { AdminUser, AdminUserList, UsageCounter, User } from "../../_shared/types.ts";
import { DEFAULT_PLAN_ID, GUEST_FREE_USES } from "../../_shared/plans.ts";
import { type AnySql, selectUsers } from "../lib/users/queries.ts";
import { ADMIN_MESSAGES } from "./messages.ts";

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

/** Which accounts the list shows: members (signed-up accounts, admins included; the default), guests, or both. */
export const USER_KINDS = ["member", "guest", "all"] as const;
export type UserKind = (typeof USER_KINDS)[number];
/** Rows per page of the admin list. */
export const USERS_PAGE_SIZE = 50;
export const USER_SEARCH_MAX_CHARS = 100;

/** GET /admin/users query: `kind`, `q` (part of a username, email or display name), `page` (from 1). */
export const listUsersQuery = z.object({
  kind: z.enum(USER_KINDS, { error: ADMIN_MESSAGES.userKindInvalid }).default("member"),
  q: z.string().trim().max(USER_SEARCH_MAX_CHARS, ADMIN_MESSAGES.searchTooLong).default(""),
  page: z.coerce
    .number({ error: ADMIN_MESSAGES.pageInvalid })
    .int(ADMIN_MESSAGES.pageInvalid)
    .min(1, ADMIN_MESSAGES.pageInvalid)
    .max(10_000, ADMIN_MESSAGES.pageInvalid)
    .default(1),
});
export type ListUsersQuery = z.infer<typeof listUsersQuery>;

/** `q` as a literal inside an ILIKE pattern (`\`, `%` and `_` escaped with `\`), matching anywhere. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of users with subscription and usage, and the service's counts. `sql` may be the admin's RLS transaction. */
export async function listUsersWithUsage(sql: AnySql, query: ListUsersQuery): Promise<AdminUserList> {
  const kind = query.kind === "member" ? sql`not p.is_guest` : query.kind === "guest" ? sql`p.is_guest` : sql`true`;
  const pattern = containsPattern(query.q);
  const search = query.q
    ? sql`(p.username ilike ${pattern} escape '\\' or p.email ilike ${pattern} escape '\\'
           or p.display_name ilike ${pattern} escape '\\')`
    : sql`true`;
  const [{ total }] = await sql<{ total: number }[]>`
    select count(*)::int as total from public.profiles p where ${kind} and ${search}`;
  const page = await sql<{ id: string }[]>`
    select p.id from public.profiles p where ${kind} and ${search}
     order by p.created_at desc, p.username
     limit ${USERS_PAGE_SIZE} offset ${(query.page - 1) * USERS_PAGE_SIZE}`;
  const [counts] = await sql<{ members: number; guests: number; paid: number }[]>`
    select count(*) filter (where not p.is_guest)::int as members,
           count(*) filter (where p.is_guest)::int as guests,
           count(*) filter (where not p.is_guest and s.status = 'active' and s.plan_id <> ${DEFAULT_PLAN_ID})::int as paid
      from public.profiles p left join public.subscriptions s on s.user_id = p.id`;
  const ids = page.map((r) => r.id);
  const users = ids.length ? await withUsage(sql, await selectUsers(sql, ids)) : [];
  return { users, total, page: query.page, pageSize: USERS_PAGE_SIZE, counts };
}

/** The users with their usage counter (as GET /usage/status) and this month's essays. */
async function withUsage(sql: AnySql, users: User[]): Promise<AdminUser[]> {
  const ids = users.map((u) => u.id);
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
             on u.user_id = p.id and u.period_start = (select c.period_start from private.current_period() c)
     where p.id = any(${ids}::uuid[])`;
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
