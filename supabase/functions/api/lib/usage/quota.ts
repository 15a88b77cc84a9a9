// Usage: the one computation of a user's uses and limit (`private.usage_snapshot`, SQL in
// migrations/20261122000200_plans-subscriptions-usage.sql), the account view built on it (plan,
// subscription, files per upload), and reserving / giving back uses.
import type { PlanLimits, PlanRef, SubscriptionStatus, UpgradeOption, UsageCounter } from "../../../_shared/types.ts";
import type postgres from "postgres";
import { HttpError } from "../errors.ts";
import { iso } from "../http.ts";
import { adminSql } from "../db.ts";
import { clientAddress, deviceId } from "../rate-limit.ts";
import { USAGE_MESSAGES } from "./messages.ts";
import { API_MESSAGES } from "../../../_shared/messages.ts";
import { settings } from "../settings.ts";
import { nextSeoulDayStart } from "../../../_shared/format.ts";

type AnySql = postgres.Sql | postgres.TransactionSql;

export interface UsageSnapshot {
  isGuest: boolean;
  planId: string;
  planName: string;
  current: number;
  limit: number;
  remaining: number;
  /** This Asia/Seoul month (members); null for guests. */
  periodStart: string | null;
  /** Start of the next Asia/Seoul month (members); null for guests. */
  resetDate: string | null;
  /** Guests and free-plan members: their uses also count against the daily free budgets. */
  free?: boolean;
  /**
   * Set when the uses come from an organisation's pool (an assignment of its space): current / limit are the
   * pool's (the owner's usage row and plan), `remaining` is bounded by the member's cap.
   */
  orgId?: string;
  /** The organisation's owner, whose usage row is the pool. */
  poolUserId?: string;
  poolRemaining?: number;
  member?: { userId: string; current: number; cap: number | null };
}

export interface Reservation extends UsageSnapshot {
  allowed: boolean;
  reserved: number;
  /** Set when the daily free budget of the client address or device refused the reservation. */
  freeLimit?: "address" | "device";
  /** Set when an organisation's reservation was refused: its pool ran out, or the member's monthly cap. */
  orgLimit?: "pool" | "member";
}

export type { UpgradeOption };

/**
 * The user's uses and limit, or null when the profile does not exist. Guests: the guest counter
 * against the guest limit; members: this Asia/Seoul month's count against the plan in force
 * (created when missing, hence privileged SQL). Every usage figure the API shows comes from here.
 */
export async function findUsageSnapshot(sql: AnySql, userId: string): Promise<UsageSnapshot | null> {
  const [row] = await sql<{ s: UsageSnapshot | null }[]>`select private.usage_snapshot(${userId}::uuid) as s`;
  return row?.s ?? null;
}

export async function usageSnapshot(sql: AnySql, userId: string): Promise<UsageSnapshot> {
  const snap = await findUsageSnapshot(sql, userId);
  if (!snap) throw new HttpError(404, USAGE_MESSAGES.userNotFound);
  return snap;
}

export interface AccountUsage {
  isGuest: boolean;
  plan: PlanRef;
  usage: UsageCounter;
  /** The user's current subscription row (null for none). */
  subscription: (SubscriptionStatus["subscription"] & { id: string }) | null;
  /** Files per upload of the plan in force (`subscription_plans.max_files_per_upload`; guests: the trial plan's). */
  maxFilesPerUpload: number;
}

/** The usage snapshot with the subscription row and the plan's files-per-upload; null when the profile is missing. */
export async function getAccountUsage(userId: string): Promise<AccountUsage | null> {
  const snap = await findUsageSnapshot(adminSql, userId);
  if (!snap) return null;
  const [row] = await adminSql<
    {
      sub_id: string | null;
      status: string | null;
      start_date: Date | null;
      end_date: Date | null;
      renews_at: Date | null;
      auto_renew: boolean | null;
      scheduled_plan_id: string | null;
      scheduled_plan_name: string | null;
      scheduled_paid: boolean | null;
      max_files_per_upload: number | null;
    }[]
  >`
    select s.id as sub_id, s.status, s.start_date, s.end_date, s.renews_at, s.scheduled_plan_id,
           (s.auto_renew and s.canceled_at is null) as auto_renew,
           (select sp.name from public.subscription_plans sp where sp.id = s.scheduled_plan_id) as scheduled_plan_name,
           s.scheduled_payment_id is not null as scheduled_paid,
           (select sp.max_files_per_upload from public.subscription_plans sp where sp.id = ${snap.planId}) as max_files_per_upload
      from (select 1) one
      left join public.subscriptions s on s.user_id = ${userId}`;
  return {
    isGuest: snap.isGuest,
    plan: { id: snap.planId, name: snap.planName },
    usage: { current: Number(snap.current), limit: Number(snap.limit) },
    subscription: row?.sub_id
      ? {
          id: row.sub_id,
          status: row.status ?? "trial",
          startDate: iso(row.start_date),
          endDate: iso(row.end_date),
          renewsAt: iso(row.renews_at),
          autoRenew: row.auto_renew ? 1 : 0,
          scheduledPlan: row.scheduled_plan_id
            ? { id: row.scheduled_plan_id, name: row.scheduled_plan_name ?? row.scheduled_plan_id, paid: !!row.scheduled_paid }
            : null,
        }
      : null,
    maxFilesPerUpload: Number(row?.max_files_per_upload ?? 1),
  };
}

/** The caller's account usage; 401 when their profile is gone (the session outlived the account). */
export async function callerAccountUsage(userId: string): Promise<AccountUsage> {
  const info = await getAccountUsage(userId);
  if (!info) throw new HttpError(401, API_MESSAGES.loginRequired);
  return info;
}

/**
 * Files per upload and batch permission, from the plan in force (the database's
 * `max_files_per_upload`): batch is for members whose plan takes more than one file at once.
 */
export function limitsOf(account: AccountUsage | null): PlanLimits {
  const batch = !!account && !account.isGuest && account.maxFilesPerUpload > 1;
  return { filesPerUpload: batch ? Math.max(1, account?.maxFilesPerUpload ?? 1) : 1, batch };
}

/**
 * The plan id and limits the caller works under: their own plan's, or for an organisation's assignment
 * (`sessionId` whose org_id is set) the organisation's, i.e. its owner's plan.
 */
export async function planLimits(
  ctx: { user: { id: string } },
  sessionId?: string,
): Promise<{ planId: string; maxFiles: number; batch: boolean }> {
  const [org] = sessionId
    ? await adminSql<{ owner: string | null }[]>`
        select private.org_pool_owner(s.org_id) as owner from public.analysis_sessions s
         where s.id = ${sessionId} and s.org_id is not null`
    : [];
  const account = await getAccountUsage(org?.owner ?? ctx.user.id);
  const limits = limitsOf(account);
  return { planId: account?.plan.id ?? "trial", maxFiles: limits.filesPerUpload, batch: limits.batch };
}

/**
 * Reserves `count` uses atomically (all or none) for answers of session `sessionId`, requested by `userId`
 * (the teacher; for a student's draft, the assignment's teacher). Run inside the transaction that marks the
 * answers usage_charged: an organisation's assignment takes them from the organisation's pool and the
 * member's cap, anything else from `userId`'s own quota (private.reserve_session_usage). `req` is the
 * caller's request: free uses (guests, free-plan members) also count against the daily budgets of its
 * client address and device token, however the account was made.
 */
export async function reserveUsage(sql: AnySql, userId: string, count: number, req: Request, sessionId: string): Promise<Reservation> {
  const [row] = await sql<{ r: Reservation }[]>`
    select private.reserve_session_usage(${sessionId}::uuid, ${userId}::uuid, ${count}::int, ${clientAddress(req)},
             ${deviceId(req)}, ${settings.freeUses.perAddressPerDay}::int, ${settings.freeUses.perDevicePerDay}::int) as r`;
  return row.r;
}

/** Where uses would come from: a session (its organisation's pool, if any), an organisation, or the user's own. */
export type UsageScope = { sessionId: string } | { orgId: string | null };

/**
 * The uses `userId` may spend in `scope`: the organisation's pool bounded by the member's cap
 * (private.org_usage_snapshot) when the session or organisation is one, else their own snapshot.
 */
export async function scopedUsageSnapshot(sql: AnySql, userId: string, scope?: UsageScope): Promise<UsageSnapshot> {
  if (!scope) return await usageSnapshot(sql, userId);
  const [row] =
    "sessionId" in scope
      ? await sql<{ s: UsageSnapshot | null }[]>`
          select case when s.org_id is null then private.usage_snapshot(${userId}::uuid)
                      else private.org_usage_snapshot(s.org_id, ${userId}::uuid) end as s
            from (select 1) one left join public.analysis_sessions s on s.id = ${scope.sessionId}`
      : scope.orgId
        ? await sql<{ s: UsageSnapshot | null }[]>`select private.org_usage_snapshot(${scope.orgId}::uuid, ${userId}::uuid) as s`
        : [{ s: await findUsageSnapshot(sql, userId) }];
  if (!row?.s) throw new HttpError(404, USAGE_MESSAGES.userNotFound);
  return row.s;
}

export async function upgradeOptions(sql: AnySql, currentLimit: number): Promise<UpgradeOption[]> {
  const [row] = await sql<{ o: UpgradeOption[] }[]>`select private.upgrade_options(${currentLimit}::int) as o`;
  return row?.o ?? [];
}

export function daysUntil(resetDate: string | null, now = new Date()): number | null {
  if (!resetDate) return null;
  const ms = new Date(resetDate).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / 86_400_000));
}

/** Start of the next Asia/Seoul day, when the daily free budgets start again. */
function nextSeoulDay(now = new Date()): string {
  return nextSeoulDayStart(now);
}

/**
 * The 403 `usageExceeded` error with usageInfo / upgradeOptions / daysRemaining (docs/product.md#usage-exceeded-data); a
 * reservation refused by a daily free budget gives 429 with `freeLimitReached` ('address' | 'device').
 */
export async function usageExceededError(sql: AnySql, snap: UsageSnapshot | Reservation, wanted = 1): Promise<HttpError> {
  const freeLimit = "freeLimit" in snap ? snap.freeLimit : undefined;
  // A free-use cap (per address or device) resets the next Seoul day; the plan's limit at its reset date.
  const resetDate = freeLimit ? nextSeoulDay() : snap.resetDate;
  const details = {
    usageExceeded: true,
    ...(freeLimit ? { freeLimitReached: freeLimit } : {}),
    usageInfo: {
      current: snap.current,
      limit: snap.limit,
      remaining: snap.remaining,
      planId: snap.planId,
      planName: snap.planName,
      isGuest: snap.isGuest,
      resetDate,
    },
    upgradeOptions: await upgradeOptions(sql, snap.limit),
    daysRemaining: daysUntil(resetDate),
  };
  if (freeLimit) {
    return new HttpError(429, USAGE_MESSAGES[freeLimit === "device" ? "freeDevice" : "freeAddress"](snap.isGuest), details);
  }
  if (snap.orgId) return orgUsageExceeded(snap, wanted, details);
  const message =
    snap.remaining > 0 && wanted > snap.remaining
      ? USAGE_MESSAGES.notEnough(snap.remaining, wanted)
      : snap.isGuest
        ? USAGE_MESSAGES.guestExceeded(snap.limit)
        : USAGE_MESSAGES.exceeded;
  return new HttpError(403, message, details);
}

/**
 * An organisation's refusal (403, usageExceeded with `orgLimit`): the pool ran out ("pool") or the member's cap
 * ("member"), each with its own message; members cannot upgrade the owner's plan, so no upgrade options.
 */
function orgUsageExceeded(snap: UsageSnapshot | Reservation, wanted: number, details: Record<string, unknown>): HttpError {
  const poolLeft = snap.poolRemaining ?? snap.remaining;
  const orgLimit = "orgLimit" in snap && snap.orgLimit ? snap.orgLimit : poolLeft < wanted ? "pool" : "member";
  const cap = snap.member?.cap ?? 0;
  const message =
    orgLimit === "pool"
      ? poolLeft > 0
        ? USAGE_MESSAGES.orgNotEnough(poolLeft, wanted)
        : USAGE_MESSAGES.orgPoolExceeded(snap.limit)
      : snap.remaining > 0
        ? USAGE_MESSAGES.memberNotEnough(snap.remaining, wanted)
        : USAGE_MESSAGES.memberCapExceeded(cap);
  return new HttpError(403, message, { ...details, orgLimit, member: snap.member ?? null, upgradeOptions: [] });
}

/**
 * Throws usageExceeded when fewer than `wanted` uses are left (a check only; nothing is reserved); `scope` names
 * the session or organisation the uses would come from (scopedUsageSnapshot), absent: the user's own.
 */
export async function assertUsageAvailable(sql: AnySql, userId: string, wanted = 1, scope?: UsageScope): Promise<UsageSnapshot> {
  const snap = await scopedUsageSnapshot(sql, userId, scope);
  if (snap.remaining < wanted) throw await usageExceededError(sql, snap, wanted);
  return snap;
}
