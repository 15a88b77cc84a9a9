// Caller identity from `Authorization: Bearer <access token>`, verified by Supabase Auth (GET /auth/v1/user),
// which also rejects signed-out sessions. A tiny per-token cache (≤ 5 s) absorbs polling bursts.
import { decodeJwt } from "jose";
import type { AuthUser } from "./types.ts";
import { anonClient } from "./supabase.ts";
import { HttpError } from "./errors.ts";
import { API_MESSAGES } from "../../_shared/messages.ts";

const TTL_MS = 5_000;
const MAX_ENTRIES = 500;
const cache = new Map<string, { user: AuthUser; at: number }>();

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
  try {
    claims = decodeJwt(token) as Record<string, unknown>;
  } catch {
    return null;
  }
  // anon / service_role keys are not user sessions.
  if (typeof claims.sub !== "string" || claims.role !== "authenticated") return null;
  if (typeof claims.exp === "number" && claims.exp * 1000 <= Date.now()) return null;

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
