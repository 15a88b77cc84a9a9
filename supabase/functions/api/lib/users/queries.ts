// Account reads: users with their subscription, and the plans.
import type postgres from "postgres";
import type { Plan, User } from "../../../_shared/types.ts";
import { type PlanRow, toPlanJson, toUserJson, type UserRow } from "./mappers.ts";

/** Any postgres.js query function: `adminSql` or the transaction given by `ctx.asCaller`. */
export type AnySql = postgres.Sql | postgres.TransactionSql;

/**
 * Users as API JSON. `ids` undefined → every user (newest first; for admin lists); otherwise those ids.
 * Pass `adminSql` for privileged reads or the `ctx.asCaller` transaction to read under RLS.
 */
export async function selectUsers(sql: AnySql, ids?: string[]): Promise<User[]> {
  const rows = await sql<UserRow[]>`
    select p.id, p.username, p.email, p.display_name, p.is_admin, p.is_guest, p.created_at, p.last_login_at,
           s.plan_id, sp.name as plan_name, s.status as sub_status, s.start_date, s.end_date, s.renews_at
      from public.profiles p
      left join public.subscriptions s on s.user_id = p.id
      left join public.subscription_plans sp on sp.id = s.plan_id
     where ${ids === undefined ? sql`true` : sql`p.id = any(${ids}::uuid[])`}
     order by p.created_at desc, p.username`;
  return rows.map(toUserJson);
}

/** One user as API JSON, or null when the profile does not exist (or is not visible). */
export async function loadUser(sql: AnySql, id: string): Promise<User | null> {
  const [user] = await selectUsers(sql, [id]);
  return user ?? null;
}

/** Active plans, ascending price. */
export async function listPlans(sql: AnySql): Promise<Plan[]> {
  const rows = await sql<PlanRow[]>`
    select id, name, description, price, currency, billing_period, max_essays_per_month,
           max_files_per_upload, max_users, features, is_active, yearly_price
      from public.subscription_plans
     where is_active
     order by price asc, max_essays_per_month asc, id`;
  return rows.map(toPlanJson);
}
