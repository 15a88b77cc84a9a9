// Captcha on guest start and sign-up. Off unless CAPTCHA_PROVIDER and CAPTCHA_SECRET_KEY are set; Auth
// should then enforce the same captcha ([auth.captcha] in config.toml), so calling Auth directly does not
// skip it. Turnstile and hCaptcha share the siteverify protocol: a form POST of
// secret, response (the widget's token) and remoteip, answered by JSON `{ success: boolean, ... }`.
import { HttpError } from "./errors.ts";
import { settings } from "./settings.ts";

export type CaptchaProvider = "turnstile" | "hcaptcha";

export interface CaptchaConfig {
  provider: CaptchaProvider;
  secretKey: string;
  verifyUrl: string;
  /**
   * "api" (default): this function verifies the token at siteverify (with the caller's own address) and
   * makes the Auth call with the secret key, which Auth's captcha does not ask again (a token verifies once).
   * "auth": Supabase Auth verifies it, so the token is required here and handed on to Auth as captchaToken.
   */
  verifiedBy: "api" | "auth";
}

const VERIFY_URLS: Record<CaptchaProvider, string> = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  hcaptcha: "https://api.hcaptcha.com/siteverify",
};

export const CAPTCHA_MESSAGES = {
  required: "안전한 서비스 이용을 위해 보안 확인을 완료해 주세요.",
  failed: "보안 확인에 실패했습니다. 확인을 다시 완료한 뒤 시도해 주세요.",
  unavailable: "보안 확인 서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.",
} as const;

const MAX_TOKEN_LENGTH = 4096;
const VERIFY_TIMEOUT_MS = 5000;

/** The captcha settings, or null when no captcha is configured. */
export function captchaConfig(): CaptchaConfig | null {
  const { provider, secretKey, verifyUrl, verifiedBy } = settings.captcha;
  if (!provider || !secretKey) return null;
  return { provider, secretKey, verifyUrl: verifyUrl ?? VERIFY_URLS[provider], verifiedBy };
}

function refuse(message: string, status = 400): HttpError {
  return new HttpError(status, message, { requiresCaptcha: true });
}

/**
 * When a captcha is configured: requires `token` and (verifiedBy "api") verifies it for `remoteIp`.
 * Missing → 400, refused → 403, verifier unreachable → 503; all with `requiresCaptcha: true`.
 * Returns the token to hand on to Supabase Auth (verifiedBy "auth"), else undefined.
 */
export async function checkCaptcha(token: unknown, remoteIp: string): Promise<string | undefined> {
  const config = captchaConfig();
  if (!config) return undefined;
  if (typeof token !== "string" || token.trim() === "") throw refuse(CAPTCHA_MESSAGES.required);
  if (token.length > MAX_TOKEN_LENGTH) throw refuse(CAPTCHA_MESSAGES.failed, 403);
  if (config.verifiedBy === "auth") return token;

  const form = new URLSearchParams({ secret: config.secretKey, response: token });
  if (remoteIp && remoteIp !== "unknown") form.set("remoteip", remoteIp);
  let result: { success?: unknown; "error-codes"?: unknown };
  try {
    const res = await fetch(config.verifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok || text.length > 65_536) throw new Error(`siteverify answered ${res.status}`);
    result = JSON.parse(text);
  } catch (err) {
    console.error("[api] captcha verification failed:", (err as Error).message);
    throw refuse(CAPTCHA_MESSAGES.unavailable, 503);
  }
  if (result?.success !== true) throw refuse(CAPTCHA_MESSAGES.failed, 403);
  return undefined;
}

/** Whether a Supabase Auth error is its captcha check refusing the request. */
export function isAuthCaptchaError(e: { code?: string; message?: string }): boolean {
  return e.code === "captcha_failed" || /captcha/i.test(e.message ?? "");
}
