// Shared context handed to every gateway module (auth, storage, realtime, functions).
import type { JsonWebKey, KeyObject } from "node:crypto";
import type postgres from "postgres";
import type { AuthCaptcha } from "./auth-captcha.ts";
import type { AuthLimiter } from "./auth-limits.ts";
import type { Mailer } from "./mail.ts";

export interface GatewayContext {
  sql: postgres.Sql;
  dbUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** `sb_publishable_…` / `sb_secret_…`: mapped to the anon / service-role JWT like the platform's API gateway. */
  publishableKey: string;
  secretKey: string;
  /** ES256 key that signs user access tokens (HS256 ones signed with jwtSecret are still accepted). */
  signing: { kid: string; privateKey: KeyObject };
  /** The public JWKS served at /auth/v1/.well-known/jwks.json. */
  jwks: { keys: JsonWebKey[] };
  dataDir: string;
  /** The SPA's address ([auth] site_url): the default redirect of recovery links; redirect_to must share its origin or be a loopback URL. */
  siteUrl?: string;
  supabaseUrl: string;
  /** Auth's captcha ([auth.captcha]): when set, sign-ups, password grants and /recover need a verified token. */
  captcha?: AuthCaptcha;
  /** [auth.email] secure_password_change: PUT /user sets a password only for a recent sign-in or with a nonce. */
  securePasswordChange?: boolean;
  /** [auth.email] require_current_password: PUT /user sets a password only with `current_password` (not for a recovery session). */
  requireCurrentPassword?: boolean;
  verifyJwt(token: string): Promise<Record<string, unknown>>;
  /** Where Auth's mails go (SMTP, the development mailbox, or nowhere). */
  mailer: Mailer;
  /** Auth's rate limits ([auth.rate_limit] of supabase/config.toml unless a test stack overrides them). */
  authLimits: AuthLimiter;
  log(line: string): void;
}
