// Auth's rate limits as hosted GoTrue applies them, with the values `supabase/config.toml` declares in
// [auth.rate_limit], so the local stand-in refuses what production refuses (429, GoTrue's error codes):
//
// - `email_sent`: mails per hour for the whole project, a window that restarts every hour
//   (GoTrue's IntervalLimiter) → `over_email_send_rate_limit`;
// - the per-address limits (token buckets as GoTrue's tollbooth limiters: refilled at N per window,
//   at most `burst` at once) → `over_request_rate_limit`:
//   `sign_in_sign_ups` per 5 min (GOTRUE_RATE_LIMIT_OTP: /signup with an email, /recover, PUT /user; burst 30),
//   `anonymous_users` per hour (/signup without an email; burst = the hourly value),
//   `token_refresh` per 5 min (every /token grant, password sign-ins included; burst 30),
//   `token_verifications` per 5 min (/verify; burst 30).
//
// The address is the TCP peer: nothing sits in front of the local Auth, so a forwarded-for header
// would be the caller's own claim. Every call of the `api` function therefore counts against the
// loopback address the function runs on — as on a hosted project, where it counts against the
// function's egress address.
import type { IncomingMessage } from "node:http";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse } from "smol-toml";

export interface AuthRateLimits {
  emailSent: number;
  signInSignUps: number;
  anonymousUsers: number;
  tokenRefresh: number;
  tokenVerifications: number;
}

export type AddressLimit = Exclude<keyof AuthRateLimits, "emailSent">;

/** The Supabase CLI's defaults for keys config.toml leaves out. */
export const CLI_DEFAULT_RATE_LIMITS: AuthRateLimits = {
  emailSent: 2,
  signInSignUps: 30,
  anonymousUsers: 30,
  tokenRefresh: 150,
  tokenVerifications: 30,
};

export const CONFIG_TOML = resolve(import.meta.dirname, "../../supabase/config.toml");

const TOML_KEYS: Record<keyof AuthRateLimits, string> = {
  emailSent: "email_sent",
  signInSignUps: "sign_in_sign_ups",
  anonymousUsers: "anonymous_users",
  tokenRefresh: "token_refresh",
  tokenVerifications: "token_verifications",
};

/** [auth.rate_limit] of a config.toml (the project's by default); a missing key takes the CLI's default. */
export function readAuthRateLimits(file = CONFIG_TOML): AuthRateLimits {
  const doc = parse(readFileSync(file, "utf8")) as { auth?: { rate_limit?: Record<string, unknown> } };
  const section = doc.auth?.rate_limit ?? {};
  const out = { ...CLI_DEFAULT_RATE_LIMITS };
  for (const [field, key] of Object.entries(TOML_KEYS) as Array<[keyof AuthRateLimits, string]>) {
    const value = section[key];
    if (value === undefined) continue;
    const n = typeof value === "bigint" ? Number(value) : value;
    if (typeof n !== "number" || !Number.isFinite(n) || n < 0)
      throw new Error(`${file}: [auth.rate_limit] ${key} must be a non-negative number`);
    out[field] = n;
  }
  return out;
}

const FIVE_MIN_MS = 5 * 60_000;
const HOUR_MS = 60 * 60_000;
const BURST = 30;

interface Bucket {
  tokens: number;
  at: number;
}

/** A token bucket per key: `rate` tokens per ms, at most `burst` held (golang.org/x/time/rate, as tollbooth uses it). */
class KeyedBuckets {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly rate: number,
    private readonly burst: number,
  ) {}

  take(key: string, now: number): boolean {
    if (this.buckets.size > 10_000) this.prune(now);
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + (now - b.at) * this.rate);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Drops the keys whose bucket has refilled (they would start full anyway). */
  private prune(now: number) {
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * this.rate >= this.burst) this.buckets.delete(key);
    }
  }
}

export class RateLimitError extends Error {
  constructor(
    public code: "over_request_rate_limit" | "over_email_send_rate_limit",
    message: string,
  ) {
    super(message);
  }
}

/** The client address of a request to the local Auth (its TCP peer, IPv4-mapped addresses unwrapped). */
export function peerAddress(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
}

export class AuthLimiter {
  private readonly perAddress: Record<AddressLimit, KeyedBuckets>;
  private emailWindowStart: number;
  private emailsInWindow = 0;

  constructor(
    readonly limits: AuthRateLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.perAddress = {
      signInSignUps: new KeyedBuckets(limits.signInSignUps / FIVE_MIN_MS, BURST),
      anonymousUsers: new KeyedBuckets(limits.anonymousUsers / HOUR_MS, limits.anonymousUsers),
      tokenRefresh: new KeyedBuckets(limits.tokenRefresh / FIVE_MIN_MS, BURST),
      tokenVerifications: new KeyedBuckets(limits.tokenVerifications / FIVE_MIN_MS, BURST),
    };
    this.emailWindowStart = this.now();
  }

  /** Counts a request of `req`'s address against `limit`; throws RateLimitError when over it. */
  checkAddress(limit: AddressLimit, req: IncomingMessage): void {
    if (!this.perAddress[limit].take(peerAddress(req), this.now())) {
      throw new RateLimitError("over_request_rate_limit", "Request rate limit reached");
    }
  }

  /** Counts one mail against the project's hourly budget; throws RateLimitError when it is spent. */
  takeEmail(): void {
    const now = this.now();
    const windows = Math.floor((now - this.emailWindowStart) / HOUR_MS);
    if (windows > 0) {
      this.emailWindowStart += windows * HOUR_MS;
      this.emailsInWindow = 0;
    }
    if (this.emailsInWindow >= this.limits.emailSent) {
      throw new RateLimitError("over_email_send_rate_limit", "email rate limit exceeded");
    }
    this.emailsInWindow += 1;
  }
}
