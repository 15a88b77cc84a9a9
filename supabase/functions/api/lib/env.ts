// Function configuration: what hosted Supabase provides plus the app secrets (read at call time).

export function read(name: string): string | undefined {
  const g = globalThis as { Deno?: { env: { get(n: string): string | undefined } }; process?: { env: Record<string, string | undefined> } };
  const v = g.Deno ? g.Deno.env.get(name) : g.process?.env[name];
  return v === undefined || v === "" ? undefined : v;
}

function required(name: string): string {
  const v = read(name);
  if (!v) throw new Error(`Missing environment variable ${name}`);
  return v;
}

export const TOSS_TEST_CLIENT_KEY = "test_gck_docs_Ovk5rk1EwkEbP0W43n07xlzm";
export const TOSS_TEST_SECRET_KEY = "test_gsk_docs_OaPz8L5KdmQXkzRz3y47BMw6";

export const env = {
  get supabaseUrl(): string {
    return required("SUPABASE_URL").replace(/\/+$/, "");
  },
  get anonKey(): string {
    return required("SUPABASE_ANON_KEY");
  },
  get serviceRoleKey(): string {
    return required("SUPABASE_SERVICE_ROLE_KEY");
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
  /** One user's jobs in flight at most (unset = no per-user cap; keeps slots for other users). */
  get gradingMaxInFlightPerUser(): number | null {
    const n = Number(read("GRADING_MAX_IN_FLIGHT_PER_USER"));
    return Number.isFinite(n) && n >= 1 ? Math.floor(n) : null;
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
  get tossClientKey(): string {
    return read("TOSS_CLIENT_KEY") ?? TOSS_TEST_CLIENT_KEY;
  },
  get tossSecretKey(): string {
    return read("TOSS_SECRET_KEY") ?? TOSS_TEST_SECRET_KEY;
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
  /** Largest accepted multipart body, bytes. */
  get maxFormBytes(): number {
    return Number(read("MAX_FORM_BYTES") ?? 200 * 1024 * 1024);
  },
};
