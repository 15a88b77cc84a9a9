// Response helpers for handlers.

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status, headers: h });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/**
 * A timestamp as ISO 8601 (UTC), null for null. postgres.js gives `Date`s; a string (from jsonb)
 * is normalised when it parses as a date and kept as is otherwise.
 */
export function iso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback name and the UTF-8 name of RFC 5987
 * (`filename*`, percent-encoded beyond its attr-chars, so a Korean name reaches every browser).
 */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
