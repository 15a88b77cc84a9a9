// Auth's captcha ([auth.captcha] of config.toml), as GoTrue's verifyCaptcha middleware applies it: when a
// captcha is configured, POST /signup (anonymous included), POST /recover and POST /token?grant_type=password
// need `gotrue_meta_security.captcha_token` in the body, verified at the provider's siteverify; a request
// carrying admin credentials (the service-role / secret key) skips it, and so do the refresh, PKCE and
// id_token grants. Refusals are 400 `captcha_failed`; a verifier that cannot be reached is a 500.
// (AuthError comes from auth.ts, which imports this module: it is only used when a request runs.)
import type { IncomingMessage } from "node:http";
import { AuthError } from "./auth-error.ts";
import type { GatewayContext } from "./types.ts";

/** The captcha Auth enforces: the provider's secret and the siteverify address it posts tokens to. */
export interface AuthCaptcha {
  provider: "turnstile" | "hcaptcha";
  secret: string;
  verifyUrl: string;
}

const VERIFY_URLS: Record<AuthCaptcha["provider"], string> = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  hcaptcha: "https://hcaptcha.com/siteverify",
};

const VERIFY_TIMEOUT_MS = 10_000;

/**
 * The captcha of the local Auth from the function's settings: on when CAPTCHA_PROVIDER and
 * CAPTCHA_SECRET_KEY are both set (the operator enables [auth.captcha] wherever they set a captcha),
 * verified at CAPTCHA_VERIFY_URL when given, else at the provider's siteverify.
 */
export function authCaptchaFromEnv(env: Record<string, string | undefined>): AuthCaptcha | undefined {
  const provider = env.CAPTCHA_PROVIDER?.trim().toLowerCase();
  const secret = env.CAPTCHA_SECRET_KEY?.trim();
  if (!provider || !secret) return undefined;
  if (provider !== "turnstile" && provider !== "hcaptcha") {
    throw new Error(
      `CAPTCHA_PROVIDER는 turnstile 또는 hcaptcha여야 합니다 / CAPTCHA_PROVIDER must be turnstile or hcaptcha, not ${provider}`,
    );
  }
  return { provider, secret, verifyUrl: env.CAPTCHA_VERIFY_URL?.trim() || VERIFY_URLS[provider] };
}

async function hasAdminCredentials(ctx: GatewayContext, req: IncomingMessage): Promise<boolean> {
  const token = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  if (!token) return false;
  try {
    const claims = await ctx.verifyJwt(token);
    return claims.role === "service_role" || claims.role === "supabase_admin";
  } catch {
    return false;
  }
}

/** The caller's address as GoTrue reads it: the first X-Forwarded-For entry, else the socket's peer. */
function clientIp(req: IncomingMessage): string {
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")[0]
    ?.trim();
  return forwarded || req.socket.remoteAddress || "";
}

function tokenOf(body: Record<string, unknown>): string {
  const security = body.gotrue_meta_security;
  if (!security || typeof security !== "object") return "";
  const token = (security as Record<string, unknown>).captcha_token;
  return typeof token === "string" ? token.trim() : "";
}

/**
 * Throws an AuthError unless the request may go on: no captcha configured, admin credentials, or a
 * token the provider verifies (each token once, as the providers do).
 */
export async function requireAuthCaptcha(ctx: GatewayContext, req: IncomingMessage, body: Record<string, unknown>): Promise<void> {
  const captcha = ctx.captcha;
  if (!captcha) return;
  if (await hasAdminCredentials(ctx, req)) return;
  const token = tokenOf(body);
  if (!token) throw new AuthError(400, "captcha_failed", "captcha protection: request disallowed (no captcha_token found)");
  let result: { success?: unknown; "error-codes"?: unknown };
  try {
    const form = new URLSearchParams({ secret: captcha.secret, response: token, remoteip: clientIp(req) });
    const res = await fetch(captcha.verifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    result = (await res.json()) as typeof result;
  } catch (err) {
    ctx.log(`auth: captcha verification failed: ${(err as Error).message}`);
    throw new AuthError(500, "unexpected_failure", "captcha verification process failed");
  }
  if (result?.success !== true) {
    const codes = Array.isArray(result?.["error-codes"]) ? (result["error-codes"] as unknown[]).map(String).join(", ") : "";
    throw new AuthError(400, "captcha_failed", `captcha protection: request disallowed (${codes})`);
  }
}
