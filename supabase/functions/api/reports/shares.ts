// Student link tokens: 32 random bytes in base64url (only their SHA-256 is stored, so a link is
// shown once, when it is made), the link's address, and a stored link as its teacher sees it.
import { settings } from "../lib/settings.ts";
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

/** The site's origin for a link: SITE_URL, else the browser's Origin header, else none (a path). */
function siteOrigin(req: Request): string {
  for (const candidate of [settings.http.siteUrl, req.headers.get("origin") ?? undefined]) {
    if (!candidate) continue;
    try {
      const u = new URL(candidate);
      if (u.protocol === "https:" || u.protocol === "http:") return u.origin;
    } catch {
      // not a URL
    }
  }
  return "";
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
