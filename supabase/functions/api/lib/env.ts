// Function configuration: what hosted Supabase provides plus the app secrets (read at call time).

export function read(name: string): string | undefined {
  const g = globalThis as { Deno?: { env: { get(n: string): string | undefined } }; process?: { env: Record<string, string | undefined> } };
  const v = g.Deno ? g.Deno.env.get(name) : g.process?.env[name];
  return v === undefined || v === "" ? undefined : v;
}

/**
 * A numeric setting: the variable's value when it is a finite number above zero (or zero with
 * `allowZero`), else `fallback`; `integer` rounds it down. Unset, blank or malformed means fallback.
 */
export function numberSetting(name: string, fallback: number, opts: { allowZero?: boolean; integer?: boolean } = {}): number {
  const raw = read(name)?.trim();
  const n = raw ? Number(raw) : Number.NaN;
  if (!Number.isFinite(n) || n < 0 || (n === 0 && !opts.allowZero)) return fallback;
  return opts.integer ? Math.floor(n) : n;
}

function required(name: string): string {
  const v = read(name);
  if (!v) throw new Error(`Missing environment variable ${name}`);
  return v;
}

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
  return pick(dict.default) ?? Object.values(dict).map(pick).find((v) => v !== undefined);
}

/** The first of the given sources that is set, else an error naming the first variable. */
function firstKey(names: string[], dictionary: string): string {
  const v = keyFromDictionary(read(dictionary)) ?? names.map(read).find((x) => x !== undefined);
  if (!v) throw new Error(`Missing environment variable ${dictionary} (or ${names.join(" / ")})`);
  return v;
}

export const env = {
  get supabaseUrl(): string {
    return required("SUPABASE_URL").replace(/\/+$/, "");
  },
  /**
   * The project's public key: SUPABASE_PUBLISHABLE_KEYS' `default` (`sb_publishable_…`), else
   * SUPABASE_PUBLISHABLE_KEY, else the legacy SUPABASE_ANON_KEY JWT.
   */
  get anonKey(): string {
    return firstKey(["SUPABASE_PUBLISHABLE_KEY", "SUPABASE_ANON_KEY"], "SUPABASE_PUBLISHABLE_KEYS");
  },
  /**
   * The project's server key (bypasses RLS): SUPABASE_SECRET_KEYS' `default` (`sb_secret_…`), else
   * SUPABASE_SECRET_KEY, else the legacy SUPABASE_SERVICE_ROLE_KEY JWT.
   */
  get serviceRoleKey(): string {
    return firstKey(["SUPABASE_SECRET_KEY", "SUPABASE_SERVICE_ROLE_KEY"], "SUPABASE_SECRET_KEYS");
  },
  /** Where Auth publishes the keys that sign user tokens (asymmetric projects). */
  get jwksUrl(): string {
    return `${env.supabaseUrl}/auth/v1/.well-known/jwks.json`;
  },
  /**
   * The worker tick's own secret (pg_cron sends it from the Vault secret `grading_tick_secret`).
   * Unset or shorter than 32 characters → the tick endpoint refuses every caller.
   */
  get gradingTickSecret(): string | undefined {
    const v = read("GRADING_TICK_SECRET")?.trim();
    return v && v.length >= 32 ? v : undefined;
  },
  get dbUrl(): string {
    return required("SUPABASE_DB_URL");
  },
  /** Transaction-pooler URL (Supavisor, port 6543); used instead of SUPABASE_DB_URL when set. */
  get dbPoolerUrl(): string | undefined {
    return read("SUPABASE_DB_POOLER_URL") ?? read("DB_POOLER_URL");
  },
  /** Database connections per isolate (default 3). */
  get dbPoolMax(): number {
    const n = Number(read("DB_POOL_MAX") ?? "3");
    return Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), 20) : 3;
  },
  /** Jobs in flight across every worker of every isolate (enforced by the claim SQL). */
  get gradingMaxInFlight(): number {
    const n = Number(read("GRADING_MAX_IN_FLIGHT") ?? "32");
    return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 32;
  },
  /**
   * One user's jobs in flight at most. Default: 3/8 of GRADING_MAX_IN_FLIGHT (12 of 32), so a
   * teacher's big batch leaves most slots to other teachers' answers, which then start at once;
   * `0` or `none` lifts the cap (one teacher may fill every slot).
   */
  get gradingMaxInFlightPerUser(): number | null {
    const raw = read("GRADING_MAX_IN_FLIGHT_PER_USER");
    if (raw === "0" || raw?.toLowerCase() === "none") return null;
    const n = Number(raw);
    if (raw !== undefined && Number.isFinite(n) && n >= 1) return Math.floor(n);
    return Math.max(1, Math.floor((this.gradingMaxInFlight * 3) / 8));
  },
  get llmBaseUrl(): string {
    return read("LLM_BASE_URL") ?? "https://api.openai.com/v1";
  },
  /** Unset → the offline analyzer is used. */
  get llmApiKey(): string | undefined {
    return read("LLM_API_KEY");
  },
  get llmModel(): string {
    return read("LLM_MODEL") ?? "gpt-4.1-mini";
  },
  get gradingConcurrency(): number {
    const n = Number(read("GRADING_CONCURRENCY") ?? "8");
    return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 8;
  },
  get tossApiBase(): string {
    return (read("TOSS_API_BASE") ?? "https://api.tosspayments.com").replace(/\/+$/, "");
  },
  /** Largest accepted JSON body, bytes. */
  get maxJsonBytes(): number {
    return Number(read("MAX_JSON_BYTES") ?? 2 * 1024 * 1024);
  },
  /** The SPA's public URL; its origin may call the API from a browser (CORS). */
  get siteUrl(): string | undefined {
    return read("SITE_URL");
  },
  /** More browser origins allowed by CORS, comma-separated (e.g. a staging site). */
  get allowedOrigins(): string | undefined {
    return read("ALLOWED_ORIGINS");
  },
  /**
   * Largest accepted multipart body, bytes (default 40 MiB: a request is buffered whole, and the
   * function has 256 MB; bigger batches arrive in parts, see POST /sessions/:id/batch-upload?append=1).
   */
  get maxFormBytes(): number {
    return Number(read("MAX_FORM_BYTES") ?? 40 * 1024 * 1024);
  },
};
