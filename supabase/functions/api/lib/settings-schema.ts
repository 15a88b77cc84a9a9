// The schema of the function's settings: every environment variable it reads, with its default
// (written here only) and its parsing. A malformed value is a SettingsError naming the variable.
// settings.ts parses the function's environment with it once, at start; local/config.ts checks
// what `npm start` passes through with it. Unset and blank mean the default.
import { z } from "zod";

/** A setting could not be parsed; the message names each bad variable. */
export class SettingsError extends Error {}

type Range = { min?: number; max?: number; integer?: boolean };

/** A number (whole unless `integer: false`) from `min` (default 1) to `max`, else an error naming the value. */
const num = (fallback: number, { min = 1, max, integer = true }: Range = {}) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return fallback;
      const n = Number(raw);
      if (!Number.isFinite(n) || n < min || (max !== undefined && n > max) || (integer && !Number.isInteger(n))) {
        const range = max === undefined ? `≥ ${min}` : `from ${min} to ${max}`;
        ctx.addIssue({ code: "custom", message: `expected ${integer ? "a whole number" : "a number"} ${range}, got "${raw}"` });
        return z.NEVER;
      }
      return n;
    });

/** One of `values` (case-insensitive; `aliases` map other spellings), else an error listing them. */
const oneOf = <T extends string>(values: readonly T[], fallback: T | undefined, aliases: Record<string, T> = {}) =>
  z
    .string()
    .optional()
    .transform((raw, ctx): T | undefined => {
      if (raw === undefined) return fallback;
      const v = raw.toLowerCase();
      const hit = (values as readonly string[]).includes(v) ? (v as T) : aliases[v];
      if (hit) return hit;
      ctx.addIssue({ code: "custom", message: `expected one of ${values.join(", ")}, got "${raw}"` });
      return z.NEVER;
    });

/** An http(s) URL without trailing slashes. */
const url = (fallback?: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const v = raw ?? fallback;
      if (v === undefined) return undefined;
      if (!/^https?:\/\/[^\s/]/i.test(v)) {
        ctx.addIssue({ code: "custom", message: `expected an http(s) URL, got "${v}"` });
        return z.NEVER;
      }
      return v.replace(/\/+$/, "");
    });

/** A comma-separated list: entries trimmed, empty ones dropped. */
const list = () =>
  z
    .string()
    .optional()
    .transform((raw) =>
      (raw ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    );

const text = () => z.string().optional();

/** The variables, by name. Values arrive trimmed, blank ones as undefined (see `readEnvironment`). */
const variables = z.object({
  SUPABASE_URL: url(),
  SUPABASE_PUBLISHABLE_KEYS: text(),
  SUPABASE_PUBLISHABLE_KEY: text(),
  SUPABASE_ANON_KEY: text(),
  SUPABASE_SECRET_KEYS: text(),
  SUPABASE_SECRET_KEY: text(),
  SUPABASE_SERVICE_ROLE_KEY: text(),
  SUPABASE_DB_URL: text(),
  SUPABASE_DB_POOLER_URL: text(),
  DB_POOLER_URL: text(),
  DB_POOL_MAX: num(3, { max: 20 }),

  LLM_BASE_URL: url("https://api.openai.com/v1"),
  LLM_API_KEY: text(),
  LLM_MODEL: text().transform((v) => v ?? "gpt-4.1-mini"),
  LLM_TIMEOUT_MS: num(60_000),
  LLM_MAX_ATTEMPTS: num(3),
  LLM_BACKOFF_MS: num(1_000),
  LLM_PRICE_INPUT_PER_1M: num(0.4, { min: 0, integer: false }),
  LLM_PRICE_CACHED_PER_1M: num(0.1, { min: 0, integer: false }),
  LLM_PRICE_OUTPUT_PER_1M: num(1.6, { min: 0, integer: false }),
  USD_KRW_RATE: num(1400, { min: 1, max: 100_000, integer: false }),

  GRADING_CONCURRENCY: num(8),
  GRADING_MODE: oneOf(["holistic", "per-criterion"], "holistic", { per_criterion: "per-criterion" }),
  GRADING_SAMPLES: num(1, { max: 5 }),
  GRADING_MAX_IN_FLIGHT: num(32),
  GRADING_MAX_IN_FLIGHT_PER_USER: text(),
  GRADING_LEASE_SECONDS: num(120),
  GRADING_MAX_ATTEMPTS: num(3),
  GRADING_RUN_BUDGET_MS: num(50_000),
  GRADING_RUN_DEADLINE_MS: num(140_000),
  GRADING_MIN_JOB_MS: num(30_000),
  GRADING_SHUTDOWN_MARGIN_MS: num(5_000),
  GRADING_PROGRESS_INTERVAL_MS: num(700),
  GRADING_TICK_SECRET: text().refine((v) => v === undefined || v.length >= 32, "must have at least 32 characters"),

  SITE_URL: url(),
  ALLOWED_ORIGINS: list(),
  MAX_FORM_BYTES: num(40 * 1024 * 1024),
  MAX_JSON_BYTES: num(2 * 1024 * 1024),
  MAX_STORED_FILES_PER_USER: num(5000),
  MAX_STORED_BYTES_PER_USER: num(2 * 1024 * 1024 * 1024),
  TRUSTED_PROXY_HOPS: num(1, { max: 20 }),

  RATE_LIMIT_GUESTS_PER_HOUR: num(30),
  RATE_LIMIT_REGISTRATIONS_PER_HOUR: num(100),
  RATE_LIMIT_LOGINS_PER_15_MIN: num(200),
  RATE_LIMIT_SESSIONS_PER_HOUR: num(120),
  RATE_LIMIT_SHARED_REPORTS_PER_15_MIN: num(120),
  RATE_LIMIT_SAMPLES_PER_USER_PER_DAY: num(3),
  RATE_LIMIT_SAMPLES_PER_ADDRESS_PER_DAY: num(60),
  RATE_LIMIT_REVIEW_WRITES_PER_MINUTE: num(30),
  RATE_LIMIT_SHARE_LINKS_PER_DAY: num(200),
  FREE_USES_PER_ADDRESS_PER_DAY: num(300, { min: 0 }),
  FREE_USES_PER_DEVICE_PER_DAY: num(30, { min: 0 }),

  CAPTCHA_PROVIDER: oneOf(["turnstile", "hcaptcha"], undefined),
  CAPTCHA_SECRET_KEY: text(),
  CAPTCHA_VERIFY_URL: url(),
  CAPTCHA_VERIFIED_BY: oneOf(["api", "auth"], "api"),

  PAYMENTS_MODE: oneOf(["test", "live"], "live"),
  TOSS_CLIENT_KEY: text(),
  TOSS_SECRET_KEY: text(),
  TOSS_API_BASE: url("https://api.tosspayments.com"),
  TOSS_TIMEOUT_MS: num(10_000),
  TOSS_BILLING_CLIENT_KEY: text(),
  TOSS_BILLING_SECRET_KEY: text(),
  BILLING_KEY_SECRET: text().refine((v) => v === undefined || v.length >= 32, "must have at least 32 characters"),

  MAIL_SMTP_HOST: text(),
  MAIL_SMTP_PORT: num(465, { max: 65535 }),
  MAIL_SMTP_USER: text(),
  MAIL_SMTP_PASS: text(),
  MAIL_FROM: text(),
  MAIL_SMTP_CA_CERT: text(),
});

/** Every variable the function reads (local/config.ts passes these through from .env). */
export const SETTING_NAMES = Object.keys(variables.shape) as (keyof typeof variables.shape)[];

/**
 * One key out of a platform key dictionary such as SUPABASE_SECRET_KEYS (`{"default":"sb_secret_…"}`):
 * the `default` entry, else the first string entry; undefined when unset or not a JSON object of strings.
 */
export function keyFromDictionary(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
  const dict = parsed as Record<string, unknown>;
  const pick = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);
  return (
    pick(dict.default) ??
    Object.values(dict)
      .map(pick)
      .find((v) => v !== undefined)
  );
}

function shape(v: z.infer<typeof variables>) {
  const perUser = v.GRADING_MAX_IN_FLIGHT_PER_USER?.toLowerCase();
  const maxInFlight = v.GRADING_MAX_IN_FLIGHT;
  return {
    supabase: {
      url: v.SUPABASE_URL,
      /** The public key: SUPABASE_PUBLISHABLE_KEYS' `default`, else SUPABASE_PUBLISHABLE_KEY, else the legacy SUPABASE_ANON_KEY. */
      anonKey: keyFromDictionary(v.SUPABASE_PUBLISHABLE_KEYS) ?? v.SUPABASE_PUBLISHABLE_KEY ?? v.SUPABASE_ANON_KEY,
      /** The server key (bypasses RLS): SUPABASE_SECRET_KEYS' `default`, else SUPABASE_SECRET_KEY, else SUPABASE_SERVICE_ROLE_KEY. */
      serviceRoleKey: keyFromDictionary(v.SUPABASE_SECRET_KEYS) ?? v.SUPABASE_SECRET_KEY ?? v.SUPABASE_SERVICE_ROLE_KEY,
      dbUrl: v.SUPABASE_DB_URL,
      /** Transaction-pooler URL (Supavisor, port 6543); used instead of dbUrl when set. */
      dbPoolerUrl: v.SUPABASE_DB_POOLER_URL ?? v.DB_POOLER_URL,
      /** Database connections per isolate. */
      dbPoolMax: v.DB_POOL_MAX,
    },
    llm: {
      /** Unset → the offline analyzer grades. */
      apiKey: v.LLM_API_KEY,
      baseUrl: v.LLM_BASE_URL!,
      model: v.LLM_MODEL,
      timeoutMs: v.LLM_TIMEOUT_MS,
      maxAttempts: v.LLM_MAX_ATTEMPTS,
      backoffMs: v.LLM_BACKOFF_MS,
      /** USD per 1M tokens, for the admins' cost figures. */
      prices: { inputPer1M: v.LLM_PRICE_INPUT_PER_1M, cachedPer1M: v.LLM_PRICE_CACHED_PER_1M, outputPer1M: v.LLM_PRICE_OUTPUT_PER_1M },
      /** 원 per USD: the admins' cost figures are shown in 원 at this rate. */
      krwPerUsd: v.USD_KRW_RATE,
    },
    grading: {
      concurrency: v.GRADING_CONCURRENCY,
      mode: v.GRADING_MODE!,
      samples: v.GRADING_SAMPLES,
      /** Jobs in flight across every worker of every isolate (enforced by the claim SQL). */
      maxInFlight,
      /** One user's jobs in flight: default 3/8 of maxInFlight; `0` or `none` → null (no cap). */
      maxInFlightPerUser:
        perUser === undefined
          ? Math.max(1, Math.floor((maxInFlight * 3) / 8))
          : perUser === "0" || perUser === "none"
            ? null
            : Number(perUser),
      leaseSeconds: v.GRADING_LEASE_SECONDS,
      maxAttempts: v.GRADING_MAX_ATTEMPTS,
      /** How long a run keeps claiming new jobs. */
      budgetMs: v.GRADING_RUN_BUDGET_MS,
      /** Hard end of a run, from its start (the platform's wall clock is 150 s per invocation). */
      deadlineMs: v.GRADING_RUN_DEADLINE_MS,
      /** No job is claimed when less than this is left before the deadline. */
      minJobMs: v.GRADING_MIN_JOB_MS,
      /** Kept free before the deadline to give unfinished jobs back (LLM calls end this much earlier). */
      shutdownMarginMs: v.GRADING_SHUTDOWN_MARGIN_MS,
      progressIntervalMs: v.GRADING_PROGRESS_INTERVAL_MS,
      /** The worker tick's own secret (the Vault secret `grading_tick_secret`); unset → the tick refuses every caller. */
      tickSecret: v.GRADING_TICK_SECRET,
    },
    http: {
      /** The SPA's public URL; its origin may call the API from a browser (CORS). */
      siteUrl: v.SITE_URL,
      /** More browser origins allowed by CORS. */
      allowedOrigins: v.ALLOWED_ORIGINS,
      maxFormBytes: v.MAX_FORM_BYTES,
      maxJsonBytes: v.MAX_JSON_BYTES,
      /** How many proxies of ours append to X-Forwarded-For. */
      trustedProxyHops: v.TRUSTED_PROXY_HOPS,
    },
    storage: { maxFilesPerUser: v.MAX_STORED_FILES_PER_USER, maxBytesPerUser: v.MAX_STORED_BYTES_PER_USER },
    rateLimits: {
      guestsPerHour: v.RATE_LIMIT_GUESTS_PER_HOUR,
      registrationsPerHour: v.RATE_LIMIT_REGISTRATIONS_PER_HOUR,
      loginsPer15Min: v.RATE_LIMIT_LOGINS_PER_15_MIN,
      sessionsPerHour: v.RATE_LIMIT_SESSIONS_PER_HOUR,
      sharedReportsPer15Min: v.RATE_LIMIT_SHARED_REPORTS_PER_15_MIN,
      samplesPerUserPerDay: v.RATE_LIMIT_SAMPLES_PER_USER_PER_DAY,
      samplesPerAddressPerDay: v.RATE_LIMIT_SAMPLES_PER_ADDRESS_PER_DAY,
      reviewWritesPerMinute: v.RATE_LIMIT_REVIEW_WRITES_PER_MINUTE,
      shareLinksPerDay: v.RATE_LIMIT_SHARE_LINKS_PER_DAY,
    },
    /** Daily free gradings per client address (a school shares one) and per device token. */
    freeUses: { perAddressPerDay: v.FREE_USES_PER_ADDRESS_PER_DAY, perDevicePerDay: v.FREE_USES_PER_DEVICE_PER_DAY },
    captcha: {
      provider: v.CAPTCHA_PROVIDER,
      secretKey: v.CAPTCHA_SECRET_KEY,
      verifyUrl: v.CAPTCHA_VERIFY_URL,
      verifiedBy: v.CAPTCHA_VERIFIED_BY!,
    },
    payments: {
      mode: v.PAYMENTS_MODE!,
      clientKey: v.TOSS_CLIENT_KEY,
      secretKey: v.TOSS_SECRET_KEY,
      apiBase: v.TOSS_API_BASE!,
      timeoutMs: v.TOSS_TIMEOUT_MS,
    },
    billing: {
      /** Toss API individual-integration keys of the billing (자동결제) contract. */
      clientKey: v.TOSS_BILLING_CLIENT_KEY,
      secretKey: v.TOSS_BILLING_SECRET_KEY,
      /** Encrypts the stored billing keys (AES-GCM); unset → subscriptions with a card are unavailable. */
      keySecret: v.BILLING_KEY_SECRET,
    },
    /** The function's own mail (billing notices): SMTP over TLS from the first byte (port 465). */
    mail: {
      host: v.MAIL_SMTP_HOST,
      port: v.MAIL_SMTP_PORT,
      user: v.MAIL_SMTP_USER,
      pass: v.MAIL_SMTP_PASS,
      from: v.MAIL_FROM,
      /** A PEM certificate also trusted for the SMTP server (a relay with its own CA). */
      caCert: v.MAIL_SMTP_CA_CERT,
    },
  };
}

const perUserRule = (v: string | undefined) => {
  if (v === undefined) return true;
  const l = v.toLowerCase();
  return l === "0" || l === "none" || (Number.isInteger(Number(v)) && Number(v) >= 1);
};

const schema = variables
  .superRefine((v, ctx) => {
    if (!perUserRule(v.GRADING_MAX_IN_FLIGHT_PER_USER)) {
      ctx.addIssue({
        code: "custom",
        path: ["GRADING_MAX_IN_FLIGHT_PER_USER"],
        message: `expected a whole number ≥ 1, 0 or none, got "${v.GRADING_MAX_IN_FLIGHT_PER_USER}"`,
      });
    }
  })
  .transform(shape);

export type Settings = z.infer<typeof schema>;

/** The settings from `source` (variable → value; blank = unset), or a SettingsError naming every bad variable. */
export function parseSettings(source: Record<string, string | undefined>): Settings {
  const values: Record<string, string | undefined> = {};
  for (const name of SETTING_NAMES) {
    const v = source[name]?.trim();
    values[name] = v ? v : undefined;
  }
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${String(i.path[0] ?? "?")}: ${i.message}`);
  throw new SettingsError(`Invalid function settings — ${problems.join("; ")}`);
}
