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
