// Caller identity from `Authorization: Bearer <access token>`.
//
// 1. Asymmetric tokens (ES256/RS256/EdDSA: projects created from 2025) are verified here against
//    the project's JWKS (`/auth/v1/.well-known/jwks.json`, fetched once and cached by jose), so a
//    forged, expired or tampered token is refused without a call to Auth. HS256 tokens (legacy JWT
//    secret, which the function does not hold) and tokens whose key the JWKS cannot supply (JWKS
//    unreachable, key just rotated) skip this step.
// 2. Supabase Auth (GET /auth/v1/user) stays the authority for every token: it also refuses a
//    session that was signed out or deleted, which a signature check alone cannot see. A tiny
//    per-token cache (≤ 5 s) absorbs polling bursts, so a signed-out token stops working within 5 s.
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import type { AuthUser } from "./types.ts";
import { anonClient } from "./supabase.ts";
import { platform, settings } from "./settings.ts";
import { HttpError } from "./errors.ts";
import { API_MESSAGES } from "../../_shared/messages.ts";

const TTL_MS = 5_000;
const MAX_ENTRIES = 500;
const cache = new Map<string, { user: AuthUser; at: number }>();

/** Algorithms of Supabase Auth's asymmetric signing keys. */
const ASYMMETRIC_ALGS = ["ES256", "RS256", "EdDSA", "Ed25519"];
/** jose errors that mean "this token is not valid" (as opposed to "the key set could not be used"). */
const INVALID_TOKEN_CODES = new Set([
  "ERR_JWS_SIGNATURE_VERIFICATION_FAILED",
  "ERR_JWT_EXPIRED",
  "ERR_JWT_CLAIM_VALIDATION_FAILED",
  "ERR_JOSE_ALG_NOT_ALLOWED",
  "ERR_JWS_INVALID",
  "ERR_JWT_INVALID",
  "ERR_JOSE_NOT_SUPPORTED",
]);

let jwks: { url: string; set: ReturnType<typeof createRemoteJWKSet> } | null = null;

function projectJwks(): ReturnType<typeof createRemoteJWKSet> {
  const url = platform.jwksUrl;
  if (!jwks || jwks.url !== url) {
    jwks = {
      url,
      set: createRemoteJWKSet(new URL(url), { timeoutDuration: 3_000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 }),
    };
  }
  return jwks.set;
}

/**
 * Verifies an asymmetric token against the project's JWKS. `"invalid"`: refuse the token;
 * `"unavailable"`: the key set could not decide (unreachable, no key with that kid) — Auth decides.
 */
async function verifyWithJwks(token: string): Promise<Record<string, unknown> | "invalid" | "unavailable"> {
  try {
    const { payload } = await jwtVerify(token, projectJwks(), { algorithms: ASYMMETRIC_ALGS });
    return payload as Record<string, unknown>;
  } catch (err) {
    const code = (err as { code?: string })?.code ?? "";
    if (INVALID_TOKEN_CODES.has(code)) return "invalid";
    if (code !== "ERR_JWKS_NO_MATCHING_KEY") console.error("[api] JWKS unavailable:", code || (err as Error)?.message);
    return "unavailable";
  }
}

export function bearerToken(req: Request): string | null {
  const header = req.headers.get("authorization") ?? "";
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

/** Forget a token (after logout). */
export function forgetToken(token: string): void {
  cache.delete(token);
}

/** The verified caller, or null when there is no valid user token. */
export async function authenticate(req: Request): Promise<AuthUser | null> {
  const token = bearerToken(req);
  if (!token) return null;

  const hit = cache.get(token);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.user;
  if (hit) cache.delete(token);

  let claims: Record<string, unknown>;
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(token).alg;
    claims = decodeJwt(token) as Record<string, unknown>;
  } catch {
    return null;
  }
  // anon / service_role keys are not user sessions.
  if (typeof claims.sub !== "string" || claims.role !== "authenticated") return null;
  if (typeof claims.exp === "number" && claims.exp * 1000 <= Date.now()) return null;

  if (typeof alg === "string" && ASYMMETRIC_ALGS.includes(alg)) {
    const verified = await verifyWithJwks(token);
    if (verified === "invalid") return null;
    if (verified !== "unavailable") {
      if (verified.sub !== claims.sub || verified.role !== "authenticated") return null;
      claims = verified;
    }
  } else if (alg !== "HS256") {
    return null;
  }

  const { data, error } = await anonClient().auth.getUser(token);
  if (error || !data?.user || data.user.id !== claims.sub) {
    if (error && (error.name === "AuthRetryableFetchError" || (error.status ?? 0) >= 500)) {
      console.error("[api] auth.getUser failed:", error.message);
      throw new HttpError(503, API_MESSAGES.serverError);
    }
    return null;
  }

  const user: AuthUser = {
    id: data.user.id,
    token,
    claims,
    isAnonymous: claims.is_anonymous === true || data.user.is_anonymous === true,
  };
  if (cache.size >= MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(token, { user, at: Date.now() });
  return user;
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/**
 * Constant-time check of a presented secret: both sides are hashed first, so neither the content nor
 * the length of the expected secret shows in the time taken.
 */
export async function secretMatches(given: string | null, expected: string | undefined): Promise<boolean> {
  if (!expected || !given) return false;
  const [a, b] = await Promise.all([sha256(given), sha256(expected)]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

let warnedNoTickSecret = false;

/** True when the request carries `Authorization: Bearer <GRADING_TICK_SECRET>` (never an API key). */
export async function isTickCaller(req: Request): Promise<boolean> {
  const secret = settings.grading.tickSecret;
  if (!secret && !warnedNoTickSecret) {
    warnedNoTickSecret = true;
    console.error("[api] GRADING_TICK_SECRET is unset or shorter than 32 characters: the worker tick is refused");
  }
  return secretMatches(bearerToken(req), secret);
}
