// CORS on every response: the supabase-js header set, `content-disposition` exposed for downloads.
// The SPA sends credentials (docs/product.md#requests) while authenticating with a Bearer token, so an allowed origin is echoed
// (a wildcard is refused by browsers for credentialed requests). Only the configured site origins are
// allowed (SITE_URL and the comma-separated ALLOWED_ORIGINS); any other Origin gets no
// Access-Control-Allow-Origin, so browsers keep other sites from reading answers. Requests without an
// Origin (server-to-server, curl) are unaffected; no cookie is ever trusted.
import { corsHeaders as supabaseCors } from "@supabase/supabase-js/cors";
import { settings } from "./settings.ts";

const base = supabaseCors as unknown as Record<string, string>;

function originOf(value: string): string | null {
  try {
    const u = new URL(value.trim());
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

/** The origins of SITE_URL and ALLOWED_ORIGINS (scheme://host[:port]); unparsable entries are ignored. */
export function originsOf(siteUrl: string | undefined, more: string[]): Set<string> {
  const out = new Set<string>();
  for (const entry of [siteUrl ?? "", ...more]) {
    const o = entry.trim() ? originOf(entry) : null;
    if (o) out.add(o);
  }
  return out;
}

const configured = originsOf(settings.http.siteUrl, settings.http.allowedOrigins);

/** The configured origins. */
export function allowedOrigins(): Set<string> {
  return configured;
}

export function corsHeadersFor(req: Request): Record<string, string> {
  const origin = req.headers.get("origin");
  const headers: Record<string, string> = {
    ...base,
    "Access-Control-Expose-Headers": "content-disposition, content-type, content-length",
  };
  if (origin) {
    headers["Vary"] = "Origin";
    if (allowedOrigins().has(origin)) {
      headers["Access-Control-Allow-Origin"] = origin;
      headers["Access-Control-Allow-Credentials"] = "true";
    } else {
      delete headers["Access-Control-Allow-Origin"];
    }
  }
  return headers;
}

export function withCors(req: Request, res: Response): Response {
  const cors = corsHeadersFor(req);
  try {
    for (const [k, v] of Object.entries(cors)) res.headers.set(k, v);
    return res;
  } catch {
    const headers = new Headers(res.headers);
    for (const [k, v] of Object.entries(cors)) headers.set(k, v);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}

export function preflight(req: Request): Response {
  const headers = new Headers(corsHeadersFor(req));
  const requested = req.headers.get("access-control-request-headers");
  if (requested) {
    const allowed = (base["Access-Control-Allow-Headers"] ?? "")
      .toLowerCase()
      .split(/\s*,\s*/)
      .filter(Boolean);
    const extra = requested
      .toLowerCase()
      .split(/\s*,\s*/)
      .filter((h) => h && !allowed.includes(h));
    if (extra.length) headers.set("Access-Control-Allow-Headers", [...allowed, ...extra].join(", "));
  }
  headers.set("Access-Control-Max-Age", "86400");
  return new Response(null, { status: 204, headers });
}
