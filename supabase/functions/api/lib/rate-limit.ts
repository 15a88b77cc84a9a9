// Fixed-window rate limits over private.hit_rate_limit (migration 20261122000600_security-and-rate-limits.sql).
import type postgres from "postgres";
import { HttpError } from "./errors.ts";
import { settings } from "./settings.ts";

export interface RateLimitRule {
  action: string;
  type: "ip" | "device" | "user";
  /** Which of settings.rateLimits is the limit (RATE_LIMIT_* variables). */
  limit: keyof typeof settings.rateLimits;
  windowSeconds: number;
  message: string;
}

export const RATE_LIMITS = {
  guest: {
    action: "guest_create",
    type: "ip",
    limit: "guestsPerHour",
    windowSeconds: 3600,
    message: "게스트 시작 요청이 너무 많습니다. 잠시 후 다시 시도하거나 회원가입 후 이용해 주세요.",
  },
  register: {
    action: "register",
    type: "ip",
    limit: "registrationsPerHour",
    windowSeconds: 3600,
    message: "회원가입 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.",
  },
  login: {
    action: "login",
    type: "ip",
    limit: "loginsPer15Min",
    windowSeconds: 900,
    message: "로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.",
  },
  sessions: {
    action: "session_create",
    type: "user",
    limit: "sessionsPerHour",
    windowSeconds: 3600,
    message: "안전한 서비스 이용을 위해 간단한 확인이 필요합니다. 잠시 후 다시 시도해 주세요.",
  },
  sampleUser: {
    action: "sample_run",
    type: "user",
    limit: "samplesPerUserPerDay",
    windowSeconds: 86_400,
    message: "샘플 체험은 하루 3번까지 할 수 있습니다. 직접 문제와 답안을 올려 첨삭을 받아 보세요.",
  },
  sampleAddress: {
    action: "sample_run",
    type: "ip",
    limit: "samplesPerAddressPerDay",
    windowSeconds: 86_400,
    message: "샘플 체험 요청이 너무 많습니다. 내일 다시 시도해 주세요.",
  },
  reviewWrites: {
    action: "review_write",
    type: "user",
    limit: "reviewWritesPerMinute",
    windowSeconds: 60,
    message: "검토 내용을 너무 자주 저장했습니다. 1분 뒤에 다시 저장해 주세요.",
  },
  shareLinks: {
    action: "share_create",
    type: "user",
    limit: "shareLinksPerDay",
    windowSeconds: 86_400,
    message: "학생 공유 링크는 하루에 200개까지 만들 수 있습니다(취소한 링크 포함). 내일 다시 시도해 주세요.",
  },
  sharedReport: {
    action: "shared_report",
    type: "ip",
    limit: "sharedReportsPer15Min",
    windowSeconds: 900,
    message: "요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.",
  },
} satisfies Record<string, RateLimitRule>;

/** How many proxies of ours append to X-Forwarded-For (`TRUSTED_PROXY_HOPS`). */
export function trustedProxyHops(): number {
  return settings.http.trustedProxyHops;
}

/**
 * The client's address from X-Forwarded-For as our own proxies wrote it: the entry `hops` from
 * the right (the one the outermost trusted proxy appended). Entries further left were sent by the
 * client and are ignored; with fewer entries than hops the leftmost is taken. Bounded work for any
 * header size. Never used to exempt a request from a limit.
 */
export function clientAddressFrom(forwardedFor: string | null | undefined, hops = 1): string {
  const header = (forwardedFor ?? "").slice(-4096);
  const entries = header
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return "unknown";
  const entry = entries[Math.max(0, entries.length - Math.max(1, hops))];
  return entry.slice(0, 100);
}

/** The client address of a request (see clientAddressFrom and TRUSTED_PROXY_HOPS). */
export function clientAddress(req: Request): string {
  return clientAddressFrom(req.headers.get("x-forwarded-for"), trustedProxyHops());
}

/**
 * The SPA's device token (`X-Device-Id`, generated once per browser) when well formed, else null.
 * The client chooses it, so it only ever tightens limits (counted beside the address, never instead).
 */
export function deviceId(req: Request): string | null {
  const v = req.headers.get("x-device-id")?.trim() ?? "";
  return /^[A-Za-z0-9_-]{8,100}$/.test(v) ? v : null;
}

function limitOf(rule: RateLimitRule): number {
  return settings.rateLimits[rule.limit];
}

/**
 * Counts one request of `rule` for `identifier` (an IP address, or a user id for per-account
 * limits) — every address is counted, loopback included; over the limit → 429 `{ error, requiresCaptcha: true, retryAfter }` with Retry-After.
 */
export async function enforceRateLimit(
  sql: postgres.Sql | postgres.TransactionSql,
  rule: RateLimitRule,
  identifier: string,
): Promise<void> {
  const [row] = await sql<{ r: { allowed: boolean; resetAt: string } }[]>`
    select private.hit_rate_limit(${identifier}, ${rule.type}, ${rule.action}, ${limitOf(rule)}::int,
                                  ${rule.windowSeconds}::int) as r`;
  if (row.r.allowed) return;
  const retryAfter = Math.max(1, Math.ceil((new Date(row.r.resetAt).getTime() - Date.now()) / 1000));
  throw new HttpError(429, rule.message, { requiresCaptcha: true, retryAfter });
}
