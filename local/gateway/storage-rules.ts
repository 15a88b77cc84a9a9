// What the Storage stand-in (storage.ts) answers, as storage-api v1.70.6 does: its errors (HTTP 400 with
// the real status in the body's `statusCode`, 500 and 416 as themselves), the X-Robots-Tag rule, byte
// ranges, the download name, MIME checks and where an object's bytes live on disk.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { resolve, sep } from "node:path";

type Json = Record<string, any>;

export class StorageError extends Error {
  constructor(
    public status: number,
    public code: string,
    public error: string,
    message: string,
    /** The response's HTTP status: 400 for every client error unless storage-api says otherwise. */
    public httpStatus = status === 500 ? 500 : 400,
  ) {
    super(message);
  }

  /** storage-api's body: `{ statusCode, code, error, message }` in that order. */
  body() {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message };
  }
}

export const E = {
  noSuchBucket: () => new StorageError(404, "NoSuchBucket", "Bucket not found", "Bucket not found"),
  noSuchKey: () => new StorageError(404, "NoSuchKey", "not_found", "Object not found"),
  invalidKey: (k: string) => new StorageError(400, "InvalidKey", "InvalidKey", `Invalid key: ${k}`),
  invalidBucket: () => new StorageError(400, "InvalidBucketName", "Invalid Input", "Bucket name invalid"),
  /** A signed URL's token that does not verify (the verifier's own message). */
  invalidJwt: (m: string) => new StorageError(400, "InvalidJWT", "InvalidJWT", m),
  invalidSignature: () => new StorageError(400, "InvalidSignature", "InvalidSignature", "Invalid signature"),
  invalidRequest: (m: string) => new StorageError(400, "InvalidRequest", "InvalidRequest", m),
  /** RLS refusals, and a bearer token that is missing, expired or badly signed (the verifier's message). */
  accessDenied: (m: string) => new StorageError(403, "AccessDenied", "Unauthorized", m),
  duplicate: () => new StorageError(409, "KeyAlreadyExists", "Duplicate", "The resource already exists"),
  tooLarge: () => new StorageError(413, "EntityTooLarge", "Payload too large", "The object exceeded the maximum allowed size"),
  mime: (t: string) => new StorageError(415, "InvalidMimeType", "invalid_mime_type", `mime type ${t} is not supported`),
  invalidRange: () => new StorageError(416, "InvalidRange", "invalid_range", "invalid range provided", 416),
  invalidRobots: (m: string) => new StorageError(400, "InvalidRequest", "invalid_x_robots_tag", `Invalid X-Robots-Tag header: ${m}`),
  internal: () => new StorageError(500, "InternalError", "Internal", "Internal server error"),
};

const SIMPLE_ROBOTS = new Set(["all", "noindex", "nofollow", "none", "nosnippet", "indexifembedded", "notranslate", "noimageindex"]);
const PARAMETRIC_ROBOTS = /^(max-snippet|max-image-preview|max-video-preview|unavailable_after):\s*(.*)$/;

/**
 * An upload's `x-robots-tag` header: comma-separated rules (`all`, `noindex`, `max-snippet: 20`, …),
 * optionally after a user agent (`googlebot: noindex`). Throws InvalidRequest on anything else.
 * (`unavailable_after` dates containing commas are not split out here; the app never sends them.)
 */
export function validateXRobotsTag(value: string): void {
  const trimmed = value.trim();
  if (!trimmed) throw E.invalidRobots("X-Robots-Tag header value must be a non-empty string");
  for (const rule of trimmed.split(",").map((r) => r.trim())) {
    if (!rule) throw E.invalidRobots("X-Robots-Tag header contains empty rule");
    const param = PARAMETRIC_ROBOTS.exec(rule);
    if (param) {
      const [, name, raw] = param;
      const v = raw.trim();
      if (!v) throw E.invalidRobots(`X-Robots-Tag rule "${name}" requires a value`);
      const ok =
        name === "max-image-preview"
          ? ["none", "standard", "large"].includes(v)
          : name === "unavailable_after"
            ? !Number.isNaN(new Date(v).getTime())
            : /^-?\d+$/.test(v) && Number(v) >= -1;
      if (!ok) throw E.invalidRobots(`X-Robots-Tag "${name}" value is not valid, got: "${v}"`);
      continue;
    }
    if (SIMPLE_ROBOTS.has(rule)) continue;
    const colon = rule.indexOf(":");
    if (colon !== -1) {
      const rules = rule.slice(colon + 1).trim();
      if (!rules) throw E.invalidRobots(`X-Robots-Tag user agent "${rule.slice(0, colon).trim()}" has no rules specified`);
      validateXRobotsTag(rules);
      continue;
    }
    throw E.invalidRobots(`Invalid X-Robots-Tag rule: "${rule}"`);
  }
}

/** The X-Robots-Tag a download carries: the one stored at upload when still valid, else `none` (not indexable). */
export function robotsTagFor(stored: unknown): string {
  if (typeof stored !== "string" || !stored) return "none";
  try {
    validateXRobotsTag(stored);
    return stored;
  } catch {
    return "none";
  }
}

/** `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` of a `size`-byte object; anything else is InvalidRange (416). */
export function parseRange(range: string, size: number): { start: number; end: number } {
  const m = /^bytes=(\d*)-(\d*)$/.exec(range);
  if (!m || size <= 0 || (!m[1] && !m[2])) throw E.invalidRange();
  if (!m[1]) {
    const suffix = Number(m[2]);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw E.invalidRange();
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] ? Number(m[2]) : size - 1;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start || start >= size) throw E.invalidRange();
  return { start, end: Math.min(end, size - 1) };
}

/** `?download` → `attachment;`; `?download=<name>` → that name (URL-encoded, so any language works). */
export function contentDisposition(download: string): string {
  if (download === "") return "attachment;";
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
}

/**
 * A multipart part's MIME type as storage-api (busboy) reads it: type/subtype lowercased, parameters
 * dropped, `text/plain` when the part has none; a `contentType` form field takes precedence.
 */
export function partMimeType(partType: string, field: unknown): string {
  if (typeof field === "string" && field) return field;
  const bare = partType.split(";")[0].trim().toLowerCase();
  return /^[^/\s]+\/[^/\s]+$/.test(bare) ? bare : "text/plain";
}

/**
 * Hosted storage's rule (supabase/storage `validateMimeType`): split on "/" and compare type and subtype
 * exactly, case and parameters included ("text/plain;charset=utf-8" does not match "text/plain"); an
 * allowed "type/*" matches any subtype.
 */
export function mimeAllowed(mimetype: string, allowed: string[]): boolean {
  const [type, sub] = mimetype.split("/");
  if (sub === undefined) return false;
  return allowed.some((a) => {
    const [aType, aSub] = a.split("/");
    return aType === type && (aSub === "*" || aSub === sub);
  });
}

/**
 * Where an object's bytes live: one file per key in `<dataDir>/storage/<bucket>/`, named by the
 * URL-encoded key (a hash for long keys). Keys are flat as on the platform, so `a/b`, `a/b/` and
 * `a/b/c` can all exist, and no key can name a path outside the bucket's folder.
 */
export function objectFile(dataDir: string, bucket: string, name: string): string {
  const root = resolve(dataDir, "storage", bucket);
  const encoded = encodeURIComponent(name).replace(/^\./, "%2E");
  const file = encoded.length <= 200 ? encoded : `sha256-${createHash("sha256").update(name).digest("hex")}`;
  const p = resolve(root, file);
  if (!p.startsWith(root + sep)) throw E.invalidKey(name);
  return p;
}

// ---------- bodies ----------

export async function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size <= max) chunks.push(chunk); // keep draining past the limit so the client sees the error
  }
  if (size > max) throw E.tooLarge();
  return Buffer.concat(chunks);
}

export async function readJson(req: IncomingMessage): Promise<Json> {
  const text = (await readBody(req, 1_000_000)).toString("utf8");
  try {
    const v = text ? JSON.parse(text) : {};
    if (v && typeof v === "object" && !Array.isArray(v)) return v;
  } catch {}
  throw E.invalidRequest("Body is not valid JSON");
}

export function sendJson(res: ServerResponse, body: unknown, status = 200) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

export function notFound(res: ServerResponse, method: string, path: string) {
  sendJson(res, { statusCode: "404", error: "Not Found", message: `Route ${method}:/storage/v1${path} not found` }, 404);
}

export function parseJson(text: string): Json {
  try {
    return JSON.parse(text);
  } catch {
    throw E.invalidRequest("Invalid metadata");
  }
}
