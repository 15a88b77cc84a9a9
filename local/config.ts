// Local stand-in configuration: .env loading, contract defaults, the generated anon/service keys, signing key and secrets.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  type JsonWebKey,
  type KeyObject,
} from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { SignJWT } from "jose";
import { TOSS_TEST_CLIENT_KEY, TOSS_TEST_SECRET_KEY } from "../supabase/functions/_shared/toss.ts";
import { parseSettings, SETTING_NAMES, type Settings } from "../supabase/functions/api/lib/settings-schema.ts";

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
  toss: {
    /**
     * PAYMENTS_MODE for the function: `test` by default for `npm start` and the tests (Toss test keys,
     * the 테스트 결제 banner); `live` when set so, or when unset and TOSS_SECRET_KEY is a live key.
     */
    mode: (optional("PAYMENTS_MODE") ?? (optional("TOSS_SECRET_KEY")?.startsWith("live_") ? "live" : "test")) === "live" ? "live" : "test",
    clientKey: env("TOSS_CLIENT_KEY", TOSS_TEST_CLIENT_KEY),
    secretKey: env("TOSS_SECRET_KEY", TOSS_TEST_SECRET_KEY),
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
    warning =
      "JWT_SECRET is the public demo secret and is ignored (set JWT_SECRET=demo to use it on purpose); using this data folder's own secret.";
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
  /** Encrypts stored Toss billing keys (BILLING_KEY_SECRET of the function, unless .env sets one). */
  billingKeySecret: string;
}

interface StoredKeys {
  signingKey?: JsonWebKey & { kid?: string };
  publishableKey?: string;
  secretKey?: string;
  gradingTickSecret?: string;
  billingKeySecret?: string;
}

/**
 * The data folder's ES256 signing key, `sb_` API keys, tick secret and billing-key secret, kept in `<dataDir>/local-keys.json`
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
  stored.billingKeySecret = token("", stored.billingKeySecret, 32);
  if (changed || !existsSync(file)) {
    mkdirSync(resolve(dataDir), { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2) + "\n", { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  const { kty, crv, x, y } = createPublicKey(privateKey).export({ format: "jwk" });
  return {
    signing: {
      kid: stored.signingKey!.kid!,
      privateKey,
      publicJwk: { kty, crv, x, y, kid: stored.signingKey!.kid!, alg: "ES256", use: "sig" },
    },
    publishableKey: stored.publishableKey,
    secretKey: stored.secretKey,
    gradingTickSecret: stored.gradingTickSecret,
    billingKeySecret: stored.billingKeySecret,
  };
}

/**
 * Set by the local stack itself, never passed through from .env: the Supabase URL, keys and
 * database, the tick secret, and the CORS origins (the app's own plus ALLOWED_ORIGINS, local/stack.ts).
 */
const STACK_PROVIDED = /^(SUPABASE_[A-Z_]+|DB_POOLER_URL|GRADING_TICK_SECRET|SITE_URL|ALLOWED_ORIGINS)$/;
/** The payments settings, which `config.toss` gives (test mode and Toss's test keys by default). */
const LOCAL_PAYMENTS = ["PAYMENTS_MODE", "TOSS_CLIENT_KEY", "TOSS_SECRET_KEY"];

/** The function's settings a self-hoster may put in .env, passed through as they are. */
export const FUNCTION_SETTINGS: readonly string[] = SETTING_NAMES.filter((n) => !STACK_PROVIDED.test(n) && !LOCAL_PAYMENTS.includes(n));

/**
 * What `npm start` gives the edge function from .env: every one of FUNCTION_SETTINGS that is set
 * (no defaults here: api/lib/settings-schema.ts holds them), plus the local payments mode and Toss
 * keys. Checked by the schema, so a bad value stops `npm start` naming the variable.
 */
export function functionEnv(): Record<string, string> {
  const out: Record<string, string> = {
    TOSS_CLIENT_KEY: config.toss.clientKey,
    TOSS_SECRET_KEY: config.toss.secretKey,
    PAYMENTS_MODE: config.toss.mode,
  };
  for (const name of FUNCTION_SETTINGS) {
    const value = process.env[name];
    if (value) out[name] = value;
  }
  parseSettings(out);
  return out;
}

/** The function's settings as `npm start` gives them (defaults filled in by the schema). */
export function functionSettings(): Settings {
  return parseSettings(functionEnv());
}

export const dbUrlFor = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
