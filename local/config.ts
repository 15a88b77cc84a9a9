// Local stand-in configuration: .env loading, contract defaults, the generated anon/service keys, signing key and secrets.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, randomUUID, type JsonWebKey, type KeyObject } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { SignJWT } from "jose";
import { TOSS_TEST_CLIENT_KEY, TOSS_TEST_SECRET_KEY } from "../supabase/functions/_shared/toss.ts";

export const rootDir = resolve(import.meta.dirname, "..");

const envFile = resolve(rootDir, ".env");
if (existsSync(envFile)) process.loadEnvFile(envFile);

const env = (name: string, fallback: string) => {
  const v = process.env[name];
  return v === undefined || v === "" ? fallback : v;
};
const optional = (name: string) => process.env[name] || undefined;


export const config = {
  dbPort: Number(env("DB_PORT", "54322")),
  supabasePort: Number(env("SUPABASE_PORT", "54321")),
  appPort: Number(env("APP_PORT", "5173")),
  dataDir: resolve(rootDir, env("LOCAL_DATA_DIR", ".local-data")),
  /** Raw JWT_SECRET: unset → a random secret kept in the data folder; `demo` → the public demo secret. */
  jwtSecret: optional("JWT_SECRET"),
  /** Extra browser origins allowed by the function's CORS besides the local app's own. */
  allowedOrigins: optional("ALLOWED_ORIGINS"),
  admin: {
    username: optional("ADMIN_USERNAME"),
    email: optional("ADMIN_EMAIL"),
    password: optional("ADMIN_PASSWORD"),
  },
  llm: {
    baseUrl: env("LLM_BASE_URL", "https://api.openai.com/v1"),
    apiKey: optional("LLM_API_KEY"),
    model: env("LLM_MODEL", "gpt-4.1-mini"),
  },
  gradingConcurrency: env("GRADING_CONCURRENCY", "8"),
  toss: {
    /**
     * PAYMENTS_MODE for the function: `test` by default for `npm start` and the tests (Toss test keys,
     * the 테스트 결제 banner); `live` when set so, or when unset and TOSS_SECRET_KEY is a live key.
     */
    mode: (optional("PAYMENTS_MODE") ?? (optional("TOSS_SECRET_KEY")?.startsWith("live_") ? "live" : "test")) === "live"
      ? "live"
      : "test",
    clientKey: env("TOSS_CLIENT_KEY", TOSS_TEST_CLIENT_KEY),
    secretKey: env("TOSS_SECRET_KEY", TOSS_TEST_SECRET_KEY),
    apiBase: env("TOSS_API_BASE", "https://api.tosspayments.com"),
  },
};

export const KEY_EXP = 1983812996;

export function signKey(role: "anon" | "service_role", secret: string): Promise<string> {
  return new SignJWT({ iss: "supabase-demo", role, exp: KEY_EXP })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(new TextEncoder().encode(secret));
}

/** The Supabase CLI's public demo secret: anyone can sign tokens with it, so it is used only on request. */
export const DEMO_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";
export const JWT_SECRET_FILE = "jwt-secret";

export interface JwtSecret {
  secret: string;
  /** `env`: JWT_SECRET; `demo`: JWT_SECRET=demo; `file`: generated for (and kept in) the data folder. */
  source: "env" | "demo" | "file";
  warning?: string;
}

/**
 * The HS256 secret of a local stack. `JWT_SECRET=demo` → the public demo secret; any other JWT_SECRET
 * of 32+ characters → that; unset (or the demo value pasted from an old .env.example) → a random
 * secret generated on the first start and kept in `<dataDir>/jwt-secret` (mode 600), so tokens and
 * keys stay valid across restarts of the same data folder and differ between installs.
 */
export function resolveJwtSecret(dataDir: string, value: string | undefined = config.jwtSecret): JwtSecret {
  const v = value?.trim();
  if (v && v.toLowerCase() === "demo") return { secret: DEMO_JWT_SECRET, source: "demo" };
  let warning: string | undefined;
  if (v && v !== DEMO_JWT_SECRET) {
    if (v.length < 32) throw new Error("JWT_SECRET must be at least 32 characters (or `demo` for the public demo secret)");
    return { secret: v, source: "env" };
  }
  if (v === DEMO_JWT_SECRET) {
    warning = "JWT_SECRET is the public demo secret and is ignored (set JWT_SECRET=demo to use it on purpose); using this data folder's own secret.";
  }
  const file = join(resolve(dataDir), JWT_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) {
      chmodSync(file, 0o600);
      return { secret: stored, source: "file", warning };
    }
  }
  mkdirSync(resolve(dataDir), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  chmodSync(file, 0o600);
  return { secret, source: "file", warning };
}

export const LOCAL_KEYS_FILE = "local-keys.json";

/** What a current Supabase project has besides the legacy JWT secret, generated per data folder. */
export interface LocalKeys {
  /** ES256 key that signs user access tokens; `kid` goes in each token's header and in the JWKS. */
  signing: { kid: string; privateKey: KeyObject; publicJwk: JsonWebKey & { kid: string; alg: "ES256"; use: "sig" } };
  /** `sb_publishable_…` (maps to the anon role at the gateway). */
  publishableKey: string;
  /** `sb_secret_…` (maps to the service_role role at the gateway). */
  secretKey: string;
  /** The worker tick's own secret (GRADING_TICK_SECRET of the function). */
  gradingTickSecret: string;
}

interface StoredKeys {
  signingKey?: JsonWebKey & { kid?: string };
  publishableKey?: string;
  secretKey?: string;
  gradingTickSecret?: string;
}

/**
 * The data folder's ES256 signing key, `sb_` API keys and tick secret, kept in `<dataDir>/local-keys.json`
 * (mode 600, next to `jwt-secret`): generated on the first start, missing parts added later, so tokens
 * and keys stay valid across restarts of the same data folder and differ between installs.
 */
export function resolveLocalKeys(dataDir: string): LocalKeys {
  const file = join(resolve(dataDir), LOCAL_KEYS_FILE);
  let stored: StoredKeys = {};
  if (existsSync(file)) {
    try {
      const parsed = JSON.parse(readFileSync(file, "utf8"));
      if (parsed && typeof parsed === "object") stored = parsed;
    } catch {}
  }
  let changed = false;
  let privateKey: KeyObject | undefined;
  if (stored.signingKey?.kty === "EC" && stored.signingKey.crv === "P-256" && stored.signingKey.d && stored.signingKey.kid) {
    try {
      privateKey = createPrivateKey({ key: stored.signingKey, format: "jwk" });
    } catch {}
  }
  if (!privateKey) {
    privateKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    stored.signingKey = { ...privateKey.export({ format: "jwk" }), kid: randomUUID() };
    changed = true;
  }
  const token = (prefix: string, current: string | undefined, bytes: number) => {
    if (current?.startsWith(prefix) && current.length >= prefix.length + 20) return current;
    changed = true;
    return prefix + randomBytes(bytes).toString("base64url");
  };
  stored.publishableKey = token("sb_publishable_", stored.publishableKey, 22);
  stored.secretKey = token("sb_secret_", stored.secretKey, 32);
  stored.gradingTickSecret = token("", stored.gradingTickSecret, 32);
  if (changed || !existsSync(file)) {
    mkdirSync(resolve(dataDir), { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2) + "\n", { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  const { kty, crv, x, y } = createPublicKey(privateKey).export({ format: "jwk" });
  return {
    signing: { kid: stored.signingKey!.kid!, privateKey, publicJwk: { kty, crv, x, y, kid: stored.signingKey!.kid!, alg: "ES256", use: "sig" } },
    publishableKey: stored.publishableKey,
    secretKey: stored.secretKey,
    gradingTickSecret: stored.gradingTickSecret,
  };
}

/**
 * Settings of the edge function that `npm start` passes through from .env: abuse limits, captcha,
 * LLM timeouts and prices, grading (mode, samples, concurrency, deadlines, caps — not the tick
 * secret, which the stack makes per data folder), body and storage caps, pool size, Toss timeout.
 */
export const FUNCTION_SETTINGS =
  /^(RATE_LIMIT_[A-Z0-9_]+|FREE_USES_PER_(ADDRESS|DEVICE)_PER_DAY|TRUSTED_PROXY_HOPS|CAPTCHA_(PROVIDER|SECRET_KEY|VERIFY_URL|VERIFIED_BY)|LLM_(TIMEOUT_MS|MAX_ATTEMPTS|BACKOFF_MS|PRICE_[A-Z]+_PER_1M)|GRADING_(?!TICK_SECRET$)[A-Z_]+|MAX_(FORM|JSON)_BYTES|MAX_STORED_(FILES|BYTES)_PER_USER|DB_POOL_MAX|TOSS_TIMEOUT_MS)$/;

export function functionEnv(): Record<string, string> {
  const out: Record<string, string> = {
    LLM_BASE_URL: config.llm.baseUrl,
    LLM_MODEL: config.llm.model,
    GRADING_CONCURRENCY: config.gradingConcurrency,
    TOSS_CLIENT_KEY: config.toss.clientKey,
    TOSS_SECRET_KEY: config.toss.secretKey,
    TOSS_API_BASE: config.toss.apiBase,
    PAYMENTS_MODE: config.toss.mode,
  };
  if (config.llm.apiKey) out.LLM_API_KEY = config.llm.apiKey;
  // The function's own settings a self-hoster sets in .env (the function has their defaults).
  const settings = FUNCTION_SETTINGS;
  for (const [name, value] of Object.entries(process.env)) {
    if (value && settings.test(name)) out[name] = value;
  }
  return out;
}

export const dbUrlFor = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
