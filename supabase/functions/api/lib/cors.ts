// CORS on every response: the supabase-js header set, `content-disposition` exposed for downloads.
// The SPA sends credentials (§7) while authenticating with a Bearer token, so the caller's origin is
// echoed (a wildcard is refused by browsers for credentialed requests); no cookie is ever trusted.
import { corsHeaders as supabaseCors } from "@supabase/supabase-js/cors";

const base = supabaseCors as unknown as Record<string, string>;

export function corsHeadersFor(req: Request): Record<string, string> {
  const origin = req.headers.get("origin");
  const headers: Record<string, string> = {
    ...base,
    "Access-Control-Expose-Headers": "content-disposition, content-type, content-length",
  };
  if (origin) {
    headers["Access-Control-Allow-Origin"] = origin;
    headers["Access-Control-Allow-Credentials"] = "true";
    headers["Vary"] = "Origin";
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
    const allowed = (base["Access-Control-Allow-Headers"] ?? "").toLowerCase().split(/\s*,\s*/).filter(Boolean);
    const extra = requested.toLowerCase().split(/\s*,\s*/).filter((h) => h && !allowed.includes(h));
    if (extra.length) headers.set("Access-Control-Allow-Headers", [...allowed, ...extra].join(", "));
  }
  headers.set("Access-Control-Max-Age", "86400");
  return new Response(null, { status: 204, headers });
}
