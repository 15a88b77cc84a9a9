// Account JSON and usage shared by auth, account, admin and payments routes.
import type postgres from "postgres";
import type { Plan, PlanRef, SubscriptionStatus, UsageCounter, User } from "../../_shared/types.ts";
import { DEFAULT_PLAN_ID, GUEST_FREE_USES, GUEST_PLAN_NAME } from "../../_shared/plans.ts";

/** Any postgres.js query function: `adminSql` or the transaction given by `ctx.asUser`. */
export type AnySql = postgres.Sql | postgres.TransactionSql;

const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v);
const flag = (v: unknown): 0 | 1 => (v === true || v === 1 || v === "t" ? 1 : 0);

/** The row shape selected by `selectUsers` (profiles ⟕ subscriptions ⟕ subscription_plans). */
export interface UserRow {
  id: string;
  username: string;
  email: string | null;
  display_name: string | null;
  is_admin: boolean;
  is_guest: boolean;
  created_at: Date | string;
  last_login_at: Date | string | null;
  plan_id: string | null;
  plan_name: string | null;
  sub_status: string | null;
  start_date: Date | string | null;
  end_date: Date | string | null;
  renews_at: Date | string | null;
}

export function toUserJson(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email ?? null,
    displayName: row.display_name ?? null,
    isAdmin: flag(row.is_admin),
    isGuest: flag(row.is_guest),
    createdAt: iso(row.created_at) ?? "",
    lastLoginAt: iso(row.last_login_at),
    subscription: row.plan_id
      ? {
        planId: row.plan_id,
        planName: row.plan_name ?? row.plan_id,
        status: row.sub_status ?? "trial",
        startDate: iso(row.start_date),
        endDate: iso(row.end_date),
        renewsAt: iso(row.renews_at),
      }
      : null,
  };
}

/**
 * Users as API JSON. `ids` undefined → every user (newest first; for admin lists); otherwise those ids.
 * Pass `ctx.admin` for privileged reads or the `ctx.asUser` transaction to read under RLS.
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

export interface PlanRow {
  id: string;
  name: string;
  description: string | null;
  price: number;
  currency: string;
  billing_period: string;
  max_essays_per_month: number;
  max_files_per_upload: number;
  max_users: number;
  features: unknown;
  is_active: boolean;
}

export function toPlanJson(row: PlanRow): Plan {
  let features: unknown = row.features;
  if (typeof features === "string") {
    try {
      features = JSON.parse(features);
    } catch {
      features = [features];
    }
  }
  return {
    id: row.id,
    name: row.name,
    description: row.description ?? null,
    price: Number(row.price),
    currency: row.currency ?? "KRW",
    billingPeriod: row.billing_period ?? "monthly",
    maxEssaysPerMonth: Number(row.max_essays_per_month),
    maxFilesPerUpload: Number(row.max_files_per_upload),
    maxUsers: Number(row.max_users ?? 1),
    features: Array.isArray(features) ? features.map(String) : [],
    isActive: flag(row.is_active),
  };
}

/** Active plans, ascending price. */
export async function listPlans(sql: AnySql): Promise<Plan[]> {
  const rows = await sql<PlanRow[]>`
    select id, name, description, price, currency, billing_period, max_essays_per_month,
           max_files_per_upload, max_users, features, is_active
      from public.subscription_plans
     where is_active
     order by price asc, max_essays_per_month asc, id`;
  return rows.map(toPlanJson);
}

export async function getPlan(sql: AnySql, id: string): Promise<Plan | null> {
  const rows = await sql<PlanRow[]>`
    select id, name, description, price, currency, billing_period, max_essays_per_month,
           max_files_per_upload, max_users, features, is_active
      from public.subscription_plans where id = ${id}`;
  return rows[0] ? toPlanJson(rows[0]) : null;
}

export interface AccountUsage {
  isGuest: boolean;
  plan: PlanRef;
  usage: UsageCounter;
  /** The user's current subscription row (null for none). */
  subscription: SubscriptionStatus["subscription"] & { id: string } | null;
  /** The current Asia/Seoul month's usage_tracking row id (members only). */
  usageRowId: string | null;
  periodEnd: string | null;
  /** The plan's files-per-upload limit (guests: the trial plan's). */
  maxFilesPerUpload: number;
}

/**
 * The user's usage_tracking row for the current Asia/Seoul calendar month, created when missing
 * (`private.ensure_current_usage`). Needs privileged SQL (`ctx.admin`).
 */
export async function ensureMonthUsageRow(
  admin: AnySql,
  userId: string,
): Promise<{ id: string; essay_count: number; period_start: Date; period_end: Date }> {
  const [row] = await admin<{ id: string; essay_count: number; period_start: Date; period_end: Date }[]>`
    select id, essay_count, period_start, period_end from private.ensure_current_usage(${userId}::uuid)`;
  return row;
}

/**
 * Usage for `userId`: guests count guest_usage_count against GUEST_FREE_USES (plan = trial);
 * members count this Seoul month's essay_count against max_essays_per_month of the plan IN FORCE
 * (`private.effective_plan_id`: a canceled, expired or lapsed subscription gives the trial plan),
 * which also decides files per upload and batch permission.
 * Needs privileged SQL (`ctx.admin`) because it may create the month's row.
 */
export async function getAccountUsage(admin: AnySql, userId: string): Promise<AccountUsage | null> {
  const [row] = await admin<{
    is_guest: boolean;
    guest_usage_count: number;
    sub_id: string | null;
    plan_id: string | null;
    status: string | null;
    start_date: Date | null;
    end_date: Date | null;
    renews_at: Date | null;
    plan_name: string | null;
    max_essays_per_month: number | null;
    max_files_per_upload: number | null;
    trial_name: string | null;
    trial_limit: number | null;
    trial_files: number | null;
  }[]>`
    select p.is_guest, p.guest_usage_count,
           s.id as sub_id, sp.id as plan_id, s.status, s.start_date, s.end_date, s.renews_at,
           sp.name as plan_name, sp.max_essays_per_month, sp.max_files_per_upload,
           tp.name as trial_name, tp.max_essays_per_month as trial_limit, tp.max_files_per_upload as trial_files
      from public.profiles p
      left join public.subscriptions s on s.user_id = p.id
      left join public.subscription_plans sp on sp.id = private.effective_plan_id(p.id)
      left join public.subscription_plans tp on tp.id = ${DEFAULT_PLAN_ID}
     where p.id = ${userId}`;
  if (!row) return null;

  const subscription = row.sub_id
    ? {
      id: row.sub_id,
      status: row.status ?? "trial",
      startDate: iso(row.start_date),
      endDate: iso(row.end_date),
      renewsAt: iso(row.renews_at),
    }
    : null;

  if (row.is_guest) {
    return {
      isGuest: true,
      plan: { id: DEFAULT_PLAN_ID, name: row.trial_name ?? GUEST_PLAN_NAME },
      usage: { current: Number(row.guest_usage_count ?? 0), limit: GUEST_FREE_USES },
      subscription,
      usageRowId: null,
      periodEnd: null,
      maxFilesPerUpload: Number(row.trial_files ?? 1),
    };
  }

  const planId = row.plan_id ?? DEFAULT_PLAN_ID;
  const planName = row.plan_id ? (row.plan_name ?? row.plan_id) : (row.trial_name ?? DEFAULT_PLAN_ID);
  const limit = Number(row.plan_id ? row.max_essays_per_month : row.trial_limit) || 0;
  const month = await ensureMonthUsageRow(admin, userId);
  return {
    isGuest: false,
    plan: { id: planId, name: planName },
    usage: { current: Number(month?.essay_count ?? 0), limit },
    subscription,
    usageRowId: month?.id ?? null,
    periodEnd: iso(month?.period_end),
    maxFilesPerUpload: Number((row.plan_id ? row.max_files_per_upload : row.trial_files) ?? 1),
  };
}
