// Fixed-window rate limits over private.hit_rate_limit (migration 20261122006000_rate-limits.sql).
import type postgres from "postgres";
import { HttpError } from "./errors.ts";

export interface RateLimitRule {
  action: string;
  type: "ip" | "device" | "user";
  /** Env variable that overrides `limit`. */
  env: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

export const RATE_LIMITS = {
  guest: {
    action: "guest_create",
    type: "ip",
    env: "RATE_LIMIT_GUESTS_PER_HOUR",
    limit: 30,
    windowSeconds: 3600,
    message: "게스트 시작 요청이 너무 많습니다. 잠시 후 다시 시도하거나 회원가입 후 이용해 주세요.",
  },
  register: {
    action: "register",
    type: "ip",
    env: "RATE_LIMIT_REGISTRATIONS_PER_HOUR",
    limit: 100,
    windowSeconds: 3600,
    message: "회원가입 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.",
  },
  login: {
    action: "login",
    type: "ip",
    env: "RATE_LIMIT_LOGINS_PER_15_MIN",
    limit: 200,
    windowSeconds: 900,
    message: "로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.",
  },
  sessions: {
    action: "session_create",
    type: "user",
    env: "RATE_LIMIT_SESSIONS_PER_HOUR",
    limit: 120,
    windowSeconds: 3600,
    message: "안전한 서비스 이용을 위해 간단한 확인이 필요합니다. 잠시 후 다시 시도해 주세요.",
  },
} satisfies Record<string, RateLimitRule>;

/** Requests from this machine itself (a self-hosted install, local tools) are not limited by address. */
function isLoopback(ip: string): boolean {
  return /^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(ip);
}

function limitOf(rule: RateLimitRule): number {
  const n = Number(Deno.env.get(rule.env));
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : rule.limit;
}

/**
 * Counts one request of `rule` for `identifier` (an IP address, or a user id for per-account
 * limits); over the limit → 429 `{ error, requiresCaptcha: true, retryAfter }` with Retry-After.
 */
export async function enforceRateLimit(sql: postgres.Sql, rule: RateLimitRule, identifier: string): Promise<void> {
  if (rule.type === "ip" && isLoopback(identifier)) return;
  const [row] = await sql<{ r: { allowed: boolean; resetAt: string } }[]>`
    select private.hit_rate_limit(${identifier}, ${rule.type}, ${rule.action}, ${limitOf(rule)}::int,
                                  ${rule.windowSeconds}::int) as r`;
  if (row.r.allowed) return;
  const retryAfter = Math.max(1, Math.ceil((new Date(row.r.resetAt).getTime() - Date.now()) / 1000));
  throw new HttpError(429, rule.message, { requiresCaptcha: true, retryAfter });
}
