// The site's origin for a link a teacher hands out (student report links, submission links).
import { settings } from "./settings.ts";

/** SITE_URL, else the browser's Origin header, else none (the link is then a path). */
export function siteOrigin(req: Request): string {
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
