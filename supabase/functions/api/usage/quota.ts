// Quota helpers over the SQL in migrations/20261122000200_plans-subscriptions-usage.sql.
import type { UpgradeOption } from "../../_shared/types.ts";
import type postgres from "postgres";
import { HttpError } from "../lib/errors.ts";
import { clientAddress, deviceId } from "../lib/rate-limit.ts";

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
}

export interface Reservation extends UsageSnapshot {
  allowed: boolean;
  reserved: number;
  /** Set when the daily free budget of the client address or device refused the reservation. */
  freeLimit?: "address" | "device";
}

export type { UpgradeOption };

export const USAGE_MESSAGES = {
  exceeded: "현재 플랜의 월간 분석 한도에 도달했습니다. 계속 사용하시려면 플랜을 업그레이드하세요.",
  guestExceeded: "게스트 무료 사용 횟수(3회)를 모두 사용했습니다. 회원가입 후 플랜을 선택해 주세요.",
  freeAddress: (isGuest: boolean) =>
    `이 네트워크에서 오늘 사용할 수 있는 무료 첨삭 횟수를 모두 사용했습니다. ${
      isGuest ? "회원가입 후 플랜을 선택하거나" : "유료 플랜을 선택하거나"
    } 내일 다시 시도해 주세요.`,
  freeDevice: (isGuest: boolean) =>
    `이 기기에서 오늘 사용할 수 있는 무료 첨삭 횟수를 모두 사용했습니다. ${
      isGuest ? "회원가입 후 플랜을 선택하거나" : "유료 플랜을 선택하거나"
    } 내일 다시 시도해 주세요.`,
  notEnough: (remaining: number, wanted: number) =>
    `이번 달 남은 분석 횟수(${remaining}회)보다 많은 답안(${wanted}개)입니다. 플랜을 업그레이드하거나 답안 수를 줄여 주세요.`,
} as const;

export async function usageSnapshot(sql: AnySql, userId: string): Promise<UsageSnapshot> {
  const [row] = await sql<{ s: UsageSnapshot | null }[]>`select private.usage_snapshot(${userId}::uuid) as s`;
  if (!row?.s) throw new HttpError(404, "사용자를 찾을 수 없습니다.");
  return row.s;
}

function envLimit(name: string, fallback: number): number {
  const raw = Deno.env.get(name);
  const n = Number(raw);
  return raw !== undefined && raw !== "" && Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

/** Daily free gradings per client address (a school shares one): `FREE_USES_PER_ADDRESS_PER_DAY`, default 300. */
export const freeUsesPerAddressPerDay = () => envLimit("FREE_USES_PER_ADDRESS_PER_DAY", 300);
/** Daily free gradings per device token (`X-Device-Id`): `FREE_USES_PER_DEVICE_PER_DAY`, default 30. */
export const freeUsesPerDevicePerDay = () => envLimit("FREE_USES_PER_DEVICE_PER_DAY", 30);

/**
 * Reserves `count` uses atomically (all or none). Run inside the transaction that queues the essays.
 * `req` is the caller's request: free uses (guests, free-plan members) also count against the daily
 * budgets of its client address and device token, however the account was made.
 */
export async function reserveUsage(sql: AnySql, userId: string, count: number, req: Request): Promise<Reservation> {
  const [row] = await sql<{ r: Reservation }[]>`
    select private.reserve_usage(${userId}::uuid, ${count}::int, ${clientAddress(req)}, ${deviceId(req)},
                                 ${freeUsesPerAddressPerDay()}::int, ${freeUsesPerDevicePerDay()}::int) as r`;
  return row.r;
}

/** Returns the use held by a submission (once). Issue 4's worker calls this (or the SQL) when grading fails. */
export async function releaseUsage(sql: AnySql, submissionId: string): Promise<boolean> {
  const [row] = await sql<{ ok: boolean }[]>`select private.release_usage(${submissionId}::uuid) as ok`;
  return row?.ok === true;
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
  const seoul = new Date(now.getTime() + 9 * 3_600_000);
  return new Date(Date.UTC(seoul.getUTCFullYear(), seoul.getUTCMonth(), seoul.getUTCDate() + 1) - 9 * 3_600_000)
    .toISOString();
}

/**
 * The 403 `usageExceeded` error with usageInfo / upgradeOptions / daysRemaining (§3, §8); a
 * reservation refused by a daily free budget gives 429 with `freeLimitReached` ('address' | 'device').
 */
export async function usageExceededError(
  sql: AnySql,
  snap: UsageSnapshot | Reservation,
  wanted = 1,
): Promise<HttpError> {
  const freeLimit = "freeLimit" in snap ? snap.freeLimit : undefined;
  if (freeLimit) {
    const resetDate = nextSeoulDay();
    return new HttpError(429, USAGE_MESSAGES[freeLimit === "device" ? "freeDevice" : "freeAddress"](snap.isGuest), {
      usageExceeded: true,
      freeLimitReached: freeLimit,
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
    });
  }
  const message = snap.remaining > 0 && wanted > snap.remaining
    ? USAGE_MESSAGES.notEnough(snap.remaining, wanted)
    : snap.isGuest
    ? USAGE_MESSAGES.guestExceeded
    : USAGE_MESSAGES.exceeded;
  return new HttpError(403, message, {
    usageExceeded: true,
    usageInfo: {
      current: snap.current,
      limit: snap.limit,
      remaining: snap.remaining,
      planId: snap.planId,
      planName: snap.planName,
      isGuest: snap.isGuest,
      resetDate: snap.resetDate,
    },
    upgradeOptions: await upgradeOptions(sql, snap.limit),
    daysRemaining: daysUntil(snap.resetDate),
  });
}

/** Throws usageExceeded when fewer than `wanted` uses are left (a check only; nothing is reserved). */
export async function assertUsageAvailable(sql: AnySql, userId: string, wanted = 1): Promise<UsageSnapshot> {
  const snap = await usageSnapshot(sql, userId);
  if (snap.remaining < wanted) throw await usageExceededError(sql, snap, wanted);
  return snap;
}
