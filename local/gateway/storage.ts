// Local Storage stand-in: /storage/v1/object/* backed by <dataDir>/storage/<bucket>/<name>.
// Every row operation runs in a transaction as the caller's role + JWT claims (as the platform's Storage does),
// so storage RLS policies decide; public and signed GETs read as superuser. Answers (errors, headers) follow
// storage-api v1.70.6 (storage-rules.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash, createHmac, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { SignJWT, jwtVerify } from "jose";
import type postgres from "postgres";
import { bearerForApiKey } from "./auth.ts";
import {
  contentDisposition,
  E,
  mimeAllowed,
  notFound,
  objectFile,
  parseJson,
  parseRange,
  partMimeType,
  readBody,
  readJson,
  robotsTagFor,
  sendJson,
  StorageError,
  validateXRobotsTag,
} from "./storage-rules.ts";
import type { GatewayContext } from "./types.ts";

type Json = Record<string, any>;
type Tx = postgres.TransactionSql;
interface Caller {
  role: string;
  sub: string;
  token: string;
  claims: Json;
}
interface ObjectRow {
  id: string;
  name: string;
  metadata: Json | null;
  updated_at: Date | null;
}

const GLOBAL_SIZE_LIMIT = 50 * 1024 * 1024; // hosted default (50 MB)
const MULTIPART_OVERHEAD = 64 * 1024;
const ROLES = ["anon", "authenticated", "service_role"];
// Same key/bucket rules as hosted storage (S3-safe ASCII only), plus no '.'/'..'/empty segments on disk.
const KEY_RE = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const BUCKET_RE = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const OBJECT_COLUMNS = "id, name, bucket_id, owner, owner_id, version, updated_at, created_at, last_accessed_at, metadata, user_metadata";

export async function handleStorage(req: IncomingMessage, res: ServerResponse, path: string, ctx: GatewayContext): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost");
  const method = req.method ?? "GET";
  try {
    const route = parseRoute(path.split("?")[0]);
    if (!route) return notFound(res, method, path);
    const { kind, bucket, name } = route;
    const get = method === "GET" || method === "HEAD";
    if (kind === "public" && get && name) return await publicGet(req, res, ctx, bucket, name, url);
    if (kind === "sign" && get && name) return await signedGet(req, res, ctx, bucket, name, url);
    const caller = await authenticate(req, ctx);
    if (kind === "sign" && method === "POST") return await sign(req, res, ctx, caller, bucket, name);
    if (kind === "list" && method === "POST" && !name) return await list(req, res, ctx, caller, bucket);
    if ((kind === "object" || kind === "authenticated") && get && name) {
      return await authenticatedGet(req, res, ctx, caller, bucket, name, url);
    }
    if (kind === "object" && (method === "POST" || method === "PUT") && name) {
      return await upload(req, res, ctx, caller, bucket, name, method === "PUT" || req.headers["x-upsert"] === "true");
    }
    if (kind === "object" && method === "DELETE") return await remove(req, res, ctx, caller, bucket, name);
    return notFound(res, method, path);
  } catch (e) {
    const err = e instanceof StorageError ? e : dbError(e);
    if (err.status === 500) ctx.log(`storage ${method} ${path}: ${String(e)}`);
    if (!res.headersSent) {
      res.writeHead(err.httpStatus, { "Content-Type": "application/json" });
      res.end(JSON.stringify(err.body()));
    } else res.destroy();
  }
}

// ---------- routing, auth, DB helpers ----------

function parseRoute(path: string): { kind: string; bucket: string; name: string } | null {
  const m = /^\/object\/(.*)$/.exec(path);
  if (!m) return null;
  let rest = m[1];
  let kind = "object";
  const special = /^(sign|public|authenticated|list)\/(.*)$/.exec(rest);
  if (special) [, kind, rest] = special;
  const slash = rest.indexOf("/");
  const rawBucket = slash < 0 ? rest : rest.slice(0, slash);
  const rawName = slash < 0 ? "" : rest.slice(slash + 1);
  let bucket: string, name: string;
  try {
    bucket = decodeURIComponent(rawBucket);
    name = decodeURIComponent(rawName).replace(/\/+/g, "/").replace(/^\//, "");
  } catch {
    throw E.invalidKey(rawName);
  }
  if (!bucket || bucket.length > 63 || !BUCKET_RE.test(bucket) || bucket === "." || bucket === "..") throw E.invalidBucket();
  if (name) checkKey(name);
  return { kind, bucket, name };
}

/** S3-safe characters; no `.`/`..` or empty segments, except that a trailing `/` is part of a valid key. */
function checkKey(name: string) {
  const segments = name.split("/");
  const empty = segments.slice(0, -1).some((s) => s === "");
  if (!KEY_RE.test(name) || empty || segments.some((s) => s === "." || s === "..")) throw E.invalidKey(name);
}

async function authenticate(req: IncomingMessage, ctx: GatewayContext): Promise<Caller> {
  const header = req.headers.authorization ?? "";
  let token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() || String(req.headers.apikey ?? "");
  if (token.startsWith("sb_")) token = bearerForApiKey(ctx, undefined, token) ?? token; // unknown sb_ keys fail below
  let claims: Json;
  try {
    claims = await ctx.verifyJwt(token);
  } catch (e) {
    // storage-api: a missing, expired or badly signed bearer is AccessDenied with the verifier's message.
    throw E.accessDenied((e as Error).message || "Access denied");
  }
  const role = String(claims.role ?? "");
  if (!ROLES.includes(role)) throw E.accessDenied(`role ${role || "(none)"} is not allowed`);
  return { role, sub: typeof claims.sub === "string" ? claims.sub : "", token, claims };
}

/** Runs fn in a transaction as the caller (role + claims set transaction-locally), so RLS applies. */
function asCaller<T>(ctx: GatewayContext, c: Caller, req: IncomingMessage, op: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.sql.begin(async (tx) => {
    await tx`select set_config('role', ${c.role}, true), set_config('request.jwt.claim.role', ${c.role}, true),
                    set_config('request.jwt', ${c.token}, true), set_config('request.jwt.claim.sub', ${c.sub}, true),
                    set_config('request.jwt.claims', ${JSON.stringify(c.claims)}, true),
                    set_config('request.headers', ${JSON.stringify(req.headers)}, true),
                    set_config('request.method', ${req.method ?? ""}, true), set_config('request.path', ${req.url ?? ""}, true),
                    set_config('storage.operation', ${op}, true), set_config('storage.allow_delete_query', 'true', true)`;
    return fn(tx);
  }) as Promise<T>;
}

function dbError(e: unknown): StorageError {
  const code = (e as { code?: string })?.code;
  if (code === "42501") return E.accessDenied("new row violates row-level security policy");
  if (code === "23505") return E.duplicate();
  if (code === "22P02" || code === "22023") return E.invalidRequest("Invalid input");
  return E.internal();
}

async function findBucket(ctx: GatewayContext, id: string) {
  const [b] = await ctx.sql<{ id: string; public: boolean; file_size_limit: string | null; allowed_mime_types: string[] | null }[]>`
    select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = ${id}`;
  return b;
}

function filePath(ctx: GatewayContext, bucket: string, name: string): string {
  return objectFile(ctx.dataDir, bucket, name);
}

function signingKey(ctx: GatewayContext): Uint8Array {
  return createHmac("sha256", ctx.jwtSecret).update("storage-url-signing").digest();
}

// ---------- handlers ----------

async function upload(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: GatewayContext,
  c: Caller,
  bucketId: string,
  name: string,
  upsert: boolean,
) {
  const bucket = await findBucket(ctx, bucketId);
  if (!bucket) {
    await readBody(req, Infinity).catch(() => {});
    throw E.noSuchBucket();
  }
  const limit = Math.min(GLOBAL_SIZE_LIMIT, bucket.file_size_limit ? Number(bucket.file_size_limit) : Infinity);
  const contentType = String(req.headers["content-type"] ?? "");
  const robots = req.headers["x-robots-tag"];
  const xRobotsTag = typeof robots === "string" && robots ? robots : undefined;
  const body = await readBody(req, limit + MULTIPART_OVERHEAD);
  if (xRobotsTag) validateXRobotsTag(xRobotsTag);

  let data: Buffer,
    mimetype: string,
    cacheControl: string,
    userMetadata: Json | null = null;
  if (contentType.startsWith("multipart/form-data")) {
    const form = await new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), {
      headers: { "content-type": contentType },
    })
      .formData()
      .catch(() => {
        throw E.invalidRequest("Invalid multipart body");
      });
    const file = [...form.values()].find((v): v is File => typeof v !== "string");
    if (!file) throw E.invalidRequest("No content provided");
    data = Buffer.from(await file.arrayBuffer());
    mimetype = partMimeType(file.type, form.get("contentType"));
    const cc = form.get("cacheControl");
    cacheControl = typeof cc === "string" && cc ? `max-age=${cc}` : "no-cache";
    const meta = form.get("metadata");
    if (typeof meta === "string" && meta) userMetadata = parseJson(meta);
  } else {
    data = body;
    mimetype = contentType || "application/octet-stream";
    cacheControl = String(req.headers["cache-control"] ?? "") || "no-cache";
    const xMeta = req.headers["x-metadata"];
    if (typeof xMeta === "string" && xMeta) userMetadata = parseJson(Buffer.from(xMeta, "base64").toString("utf8"));
  }
  if (data.length > limit) throw E.tooLarge();
  const allowed = bucket.allowed_mime_types ?? [];
  if (allowed.length && !mimeAllowed(mimetype, allowed)) throw E.mime(mimetype);

  const metadata = {
    eTag: `"${createHash("md5").update(data).digest("hex")}"`,
    size: data.length,
    mimetype,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: data.length,
    httpStatusCode: 200,
    ...(xRobotsTag ? { xRobotsTag } : {}),
  };
  const owner = /^[0-9a-f-]{36}$/i.test(c.sub) ? c.sub : null;
  const target = filePath(ctx, bucketId, name);
  const tmp = join(resolve(ctx.dataDir, "storage-tmp"), randomUUID());
  await mkdir(dirname(tmp), { recursive: true });
  await writeFile(tmp, data);
  try {
    const id = await asCaller(ctx, c, req, upsert ? "object.upsert" : "object.upload", async (tx) => {
      const values = {
        bucket_id: bucketId,
        name,
        owner,
        owner_id: c.sub || null,
        version: randomUUID(),
        metadata,
        user_metadata: userMetadata,
      };
      // An upsert by a caller without a user (the service role) keeps the object's owner.
      const [row] = upsert
        ? await tx`insert into storage.objects ${tx(values)} on conflict (bucket_id, name) do update set
                     owner = ${owner ? tx`excluded.owner` : tx`storage.objects.owner`},
                     owner_id = ${c.sub ? tx`excluded.owner_id` : tx`storage.objects.owner_id`},
                     version = excluded.version, metadata = excluded.metadata,
                     user_metadata = excluded.user_metadata, updated_at = now(), last_accessed_at = now()
                   returning id`
        : await tx`insert into storage.objects ${tx(values)} returning id`;
      await mkdir(dirname(target), { recursive: true });
      await rename(tmp, target); // last step before commit: a failure rolls the row back
      return row.id as string;
    });
    sendJson(res, { Id: id, Key: `${bucketId}/${name}` });
  } finally {
    await rm(tmp, { force: true });
  }
}

async function authenticatedGet(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: GatewayContext,
  c: Caller,
  bucket: string,
  name: string,
  url: URL,
) {
  const [row] = await asCaller(
    ctx,
    c,
    req,
    "object.get_authenticated",
    (tx) => tx<ObjectRow[]>`select id, name, metadata, updated_at from storage.objects where bucket_id = ${bucket} and name = ${name}`,
  );
  if (!row) throw E.noSuchKey();
  await serveFile(req, res, ctx, bucket, row, url);
}

async function publicGet(req: IncomingMessage, res: ServerResponse, ctx: GatewayContext, bucket: string, name: string, url: URL) {
  const b = await findBucket(ctx, bucket);
  if (!b?.public) throw E.noSuchBucket();
  const [row] = await ctx.sql<
    ObjectRow[]
  >`select id, name, metadata, updated_at from storage.objects where bucket_id = ${bucket} and name = ${name}`;
  if (!row) throw E.noSuchKey();
  await serveFile(req, res, ctx, bucket, row, url);
}

async function signedGet(req: IncomingMessage, res: ServerResponse, ctx: GatewayContext, bucket: string, name: string, url: URL) {
  const token = url.searchParams.get("token");
  if (!token) throw E.invalidRequest("Missing token");
  let payload: Json;
  try {
    ({ payload } = await jwtVerify(token, signingKey(ctx), { algorithms: ["HS256"] }));
  } catch (e) {
    throw E.invalidJwt((e as Error).message || "Invalid JWT");
  }
  if (payload.scope !== "download") throw new StorageError(400, "InvalidSignature", "InvalidSignature", "Token is not scoped for download");
  if (payload.url !== `${bucket}/${name}`) throw E.invalidSignature();
  const [row] = await ctx.sql<
    ObjectRow[]
  >`select id, name, metadata, updated_at from storage.objects where bucket_id = ${bucket} and name = ${name}`;
  if (!row) throw E.noSuchKey();
  await serveFile(req, res, ctx, bucket, row, url, new Date(Number(payload.exp) * 1000).toUTCString());
}

/**
 * Sends an object as storage-api's renderer does: `X-Robots-Tag: none` unless the object was uploaded
 * with its own valid tag, `Accept-Ranges`, a `Range` answered 206 with `Content-Range`, `?download[=name]`
 * as an attachment, and a signed URL's expiry as `Expires` in place of the stored Cache-Control.
 */
async function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: GatewayContext,
  bucket: string,
  row: ObjectRow,
  url: URL,
  expires?: string,
) {
  const path = filePath(ctx, bucket, row.name);
  const st = await stat(path).catch(() => null);
  if (!st?.isFile()) {
    res.writeHead(400, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(JSON.stringify({ error: "Not found", message: "The resource was not found", statusCode: "404", code: "NoSuchKey" }));
    return;
  }
  const meta = row.metadata ?? {};
  if (meta.eTag && req.headers["if-none-match"] === meta.eTag) {
    res.writeHead(304).end();
    return;
  }
  const range = typeof req.headers.range === "string" ? parseRange(req.headers.range, st.size) : undefined;
  const mimetype = String(meta.mimetype ?? "application/octet-stream");
  const headers: Record<string, string | number> = {
    "Accept-Ranges": "bytes",
    "Content-Type": mimetype.includes("text/html") ? "text/plain" : mimetype,
    "X-Robots-Tag": robotsTagFor(meta.xRobotsTag),
    "Last-Modified": (row.updated_at ?? st.mtime).toUTCString(),
    "Content-Length": range ? range.end - range.start + 1 : st.size,
  };
  if (meta.eTag) headers.ETag = String(meta.eTag);
  if (expires) headers.Expires = expires;
  else headers["Cache-Control"] = String(meta.cacheControl ?? "no-cache");
  if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${st.size}`;
  const download = url.searchParams.get("download");
  if (download !== null) headers["Content-Disposition"] = contentDisposition(download);
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === "HEAD") return void res.end();
  createReadStream(path, range)
    .on("error", () => res.destroy())
    .pipe(res);
}

async function sign(req: IncomingMessage, res: ServerResponse, ctx: GatewayContext, c: Caller, bucket: string, name: string) {
  const body = await readJson(req);
  const expiresIn = Number(body.expiresIn);
  if (!Number.isInteger(expiresIn) || expiresIn < 1) throw E.invalidRequest("expiresIn must be an integer >= 1");
  const names: string[] = name ? [name] : Array.isArray(body.paths) ? body.paths.map(String) : [];
  if (!name && names.length === 0) throw E.invalidRequest("paths must be a non-empty array");
  names.forEach(checkKey);
  const visible = await asCaller(
    ctx,
    c,
    req,
    "object.sign",
    (tx) => tx<{ name: string }[]>`select name from storage.objects where bucket_id = ${bucket} and name = any(${names})`,
  );
  const found = new Set(visible.map((r) => r.name));
  const urlFor = async (n: string) => {
    const token = await new SignJWT({ url: `${bucket}/${n}`, scope: "download" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
      .sign(signingKey(ctx));
    return `/object/sign/${bucket}/${n}?token=${token}`;
  };
  if (name) {
    if (!found.has(name)) throw E.noSuchKey();
    return sendJson(res, { signedURL: await urlFor(name) });
  }
  sendJson(
    res,
    await Promise.all(
      names.map(async (n) =>
        found.has(n)
          ? { error: null, path: n, signedURL: await urlFor(n) }
          : { error: "Either the object does not exist or you do not have access to it", path: n, signedURL: null },
      ),
    ),
  );
}

async function remove(req: IncomingMessage, res: ServerResponse, ctx: GatewayContext, c: Caller, bucket: string, name: string) {
  let names = [name];
  if (!name) {
    const body = await readJson(req);
    if (!Array.isArray(body.prefixes) || body.prefixes.length < 1 || body.prefixes.length > 1000) {
      throw E.invalidRequest("prefixes must be an array of 1 to 1000 object names");
    }
    names = body.prefixes.map(String);
  }
  const valid = names.filter((n) => {
    try {
      checkKey(n);
      return true;
    } catch {
      return false;
    }
  });
  const rows = await asCaller(
    ctx,
    c,
    req,
    "object.delete",
    (tx) => tx`delete from storage.objects where bucket_id = ${bucket} and name = any(${valid}) returning ${tx.unsafe(OBJECT_COLUMNS)}`,
  );
  await Promise.all(rows.map((r) => rm(filePath(ctx, bucket, r.name), { force: true })));
  if (name) {
    if (rows.length === 0) throw E.noSuchKey();
    return sendJson(res, { message: "Successfully deleted" });
  }
  sendJson(res, rows);
}

async function list(req: IncomingMessage, res: ServerResponse, ctx: GatewayContext, c: Caller, bucket: string) {
  const body = await readJson(req);
  const prefix = typeof body.prefix === "string" && body.prefix ? body.prefix.replace(/^\/+/, "").replace(/\/?$/, "/") : "";
  const limit = Math.max(1, Math.min(Number(body.limit) || 100, 1000));
  const offset = Math.max(0, Number(body.offset) || 0);
  const search = typeof body.search === "string" ? body.search : "";
  const desc = body.sortBy?.order === "desc";
  const like = prefix.replace(/[\\%_]/g, (m: string) => "\\" + m) + "%";
  const rows = await asCaller(
    ctx,
    c,
    req,
    "object.list",
    (tx) =>
      tx<ObjectRow[]>`select id, name, metadata, updated_at, created_at, last_accessed_at from storage.objects
                    where bucket_id = ${bucket} and name like ${like} order by name collate "C"`,
  );
  const entries = new Map<string, Json>();
  for (const r of rows) {
    const rest = r.name.slice(prefix.length);
    const slash = rest.indexOf("/");
    const entryName = slash < 0 ? rest : rest.slice(0, slash);
    if (!entryName.toLowerCase().startsWith(search.toLowerCase()) || entries.has(entryName)) continue;
    entries.set(
      entryName,
      slash < 0
        ? { ...r, name: entryName }
        : { name: entryName, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null },
    );
  }
  const sorted = [...entries.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) * (desc ? -1 : 1));
  sendJson(res, sorted.slice(offset, offset + limit));
}
