// Student link tokens: 32 random bytes in base64url (only their SHA-256 is stored, so a link is
// shown once, when it is made), the link's address, and a stored link as its teacher sees it.
import { siteOrigin } from "../lib/site-origin.ts";
import { iso } from "../lib/http.ts";
import type { ReportShare } from "../../_shared/review.ts";

/** Active links per answer. */
export const MAX_ACTIVE_SHARES = 20;

function base64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** A new link's raw token (43 characters) and the hash stored for it. */
export async function newShareToken(): Promise<{ token: string; hash: Uint8Array }> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { token, hash: await sha256(token) };
}

/** The address a student opens for `token`. */
export const shareUrl = (req: Request, token: string): string => `${siteOrigin(req)}/r/${token}`;

export interface ShareRow {
  id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export const toShare = (r: ShareRow): ReportShare => ({
  id: r.id,
  createdAt: iso(r.created_at)!,
  expiresAt: iso(r.expires_at)!,
  revokedAt: iso(r.revoked_at),
  active: r.revoked_at === null && new Date(r.expires_at).getTime() > Date.now(),
});
