// The local Storage stand-in answers as hosted Storage (storage-api v1.70.6) does, checked with the
// official supabase-js client and raw HTTP. Owner-folder behaviour runs on a test bucket with owner-folder
// policies (essays are written by the API only); blog: the app's real bucket.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { dirname } from "node:path";
import { type SupabaseClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { objectFile } from "../../local/gateway/storage-rules.ts";
import { readStack } from "../helpers/stack.ts";
import { stackClient } from "../helpers/supabase-client.ts";

const stack = readStack();
const sql = postgres(stack.dbUrl, { max: 2, onnotice: () => {} });
const clients: SupabaseClient[] = [];

interface Member {
  id: string;
  client: SupabaseClient;
}

function client(key = stack.anonKey) {
  return stackClient(clients, key);
}

async function signUp(): Promise<Member> {
  const c = client();
  const { data, error } = await c.auth.signUp({
    email: `st-${randomUUID().slice(0, 8)}@example.com`,
    password: "password123",
    options: { data: { username: `st_${randomUUID().slice(0, 8)}` } },
  });
  if (error || !data.user) throw error ?? new Error("signUp returned no user");
  return { id: data.user.id, client: c };
}

/** The stand-in keeps bytes under <dataDir>/storage; find the file through the object's row. */
async function objectExists(bucket: string, name: string) {
  const [row] = await sql`select id from storage.objects where bucket_id = ${bucket} and name = ${name}`;
  return !!row;
}

let owner: Member;
let other: Member;
let admin: Member;
let dataDir: string; // the stack keeps Postgres in <dataDir>/db and bytes in <dataDir>/storage
const BUCKET = "standin-owner-folder";
const POLICY_OPS = ["select", "insert", "update", "delete"] as const;

beforeAll(async () => {
  const [{ dir }] = await sql`select current_setting('data_directory') as dir`;
  dataDir = dirname(dir);
  [owner, other, admin] = await Promise.all([signUp(), signUp(), signUp()]);
  await sql`update public.profiles set is_admin = true where id = ${admin.id}`;
  await sql`insert into storage.buckets (id, name, public, file_size_limit) values (${BUCKET}, ${BUCKET}, false, 10485760)
            on conflict (id) do nothing`;
  const owns = `bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text`;
  for (const op of POLICY_OPS) {
    await sql.unsafe(`drop policy if exists "${BUCKET} ${op}" on storage.objects`);
    const clause = op === "insert" ? `with check (${owns})` : op === "update" ? `using (${owns}) with check (${owns})` : `using (${owns})`;
    await sql.unsafe(`create policy "${BUCKET} ${op}" on storage.objects for ${op} to authenticated ${clause}`);
  }
});

afterAll(async () => {
  for (const op of POLICY_OPS) await sql.unsafe(`drop policy if exists "${BUCKET} ${op}" on storage.objects`);
  await sql.end();
});

async function token(m: Member) {
  return (await m.client.auth.getSession()).data.session!.access_token;
}

/** A raw request to the Storage API (what supabase-js cannot send, and to see the HTTP status and headers). */
function storageFetch(path: string, init: RequestInit & { bearer?: string } = {}) {
  const { bearer, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("apikey", stack.anonKey);
  if (bearer) headers.set("Authorization", `Bearer ${bearer}`);
  return fetch(`${stack.supabaseUrl}/storage/v1${path}`, { ...rest, headers });
}

describe("storage stand-in with supabase-js", () => {
  it("uploads, downloads, signs, and removes an essay in the owner's folder; others are refused", async () => {
    const essays = owner.client.storage.from(BUCKET);
    const path = `${owner.id}/essay 1.txt`;
    const text = "학생 에세이 본문입니다.";

    // A multipart part's type is stored bare, without its parameters.
    const up = await essays.upload(path, new Blob([text], { type: "text/plain; charset=utf-8" }));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `${BUCKET}/${path}` });
    const [row] = await sql`select id, owner_id, metadata from storage.objects where bucket_id = ${BUCKET} and name = ${path}`;
    expect(row.id).toBe(up.data!.id);
    expect(row.owner_id).toBe(owner.id);
    expect(row.metadata).toMatchObject({ size: Buffer.byteLength(text), mimetype: "text/plain" });
    const file = objectFile(dataDir, BUCKET, path);
    expect(readFileSync(file, "utf8")).toBe(text);

    const dup = await essays.upload(path, "again");
    expect(dup.error).toMatchObject({ statusCode: "409", status: 400, message: "The resource already exists" });
    const dupRaw = await storageFetch(`/object/${BUCKET}/${path}`, { method: "POST", body: "again", bearer: await token(owner) });
    expect(dupRaw.status).toBe(400);
    expect(await dupRaw.json()).toEqual({
      statusCode: "409",
      code: "KeyAlreadyExists",
      error: "Duplicate",
      message: "The resource already exists",
    });

    const dl = await essays.download(path);
    expect(dl.error).toBeNull();
    expect(await dl.data!.text()).toBe(text);

    // Another member: cannot read, sign or remove it (remove is a silent no-op).
    const theirs = other.client.storage.from(BUCKET);
    const dl2 = await theirs.download(path);
    expect(dl2.data).toBeNull();
    expect(dl2.error).toMatchObject({ statusCode: "404" });
    const sign2 = await theirs.createSignedUrl(path, 60);
    expect(sign2.error).toMatchObject({ statusCode: "404", message: "Object not found" });
    const rm2 = await theirs.remove([path]);
    expect(rm2).toEqual({ data: [], error: null });
    expect(await objectExists(BUCKET, path)).toBe(true);

    // Signed URL: relative from the server, fetchable without a token header.
    const signed = await essays.createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(res.headers.get("etag")).toBe(row.metadata.eTag);
    expect(res.headers.get("x-robots-tag")).toBe("none");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(Date.parse(res.headers.get("expires") ?? "")).toBeGreaterThan(Date.now()); // a signed URL's expiry
    expect(await res.text()).toBe(text);
    const tampered = new URL(signed.data!.signedUrl);
    tampered.pathname = tampered.pathname.replace("essay%201.txt", "other.txt");
    const bad = await fetch(tampered);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: "400", code: "InvalidSignature" });

    // Remove: returns the deleted rows; afterwards the object and its signed URL are gone.
    const rm = await essays.remove([path]);
    expect(rm.error).toBeNull();
    expect(rm.data).toHaveLength(1);
    expect(rm.data![0]).toMatchObject({ name: path, bucket_id: BUCKET, id: up.data!.id });
    expect(await objectExists(BUCKET, path)).toBe(false);
    expect(existsSync(file)).toBe(false);
    const gone = await fetch(signed.data!.signedUrl);
    expect(gone.status).toBe(400);
    expect(await gone.json()).toMatchObject({ statusCode: "404", code: "NoSuchKey" });
    const dl3 = await essays.download(path);
    expect(dl3.error).toMatchObject({ statusCode: "404" });
  });

  it("refuses an upload into another member's folder with the RLS error", async () => {
    const res = await other.client.storage.from(BUCKET).upload(`${owner.id}/intruder.txt`, "x");
    expect(res.data).toBeNull();
    expect(res.error).toMatchObject({
      status: 400,
      statusCode: "403",
      code: "AccessDenied",
      message: "new row violates row-level security policy",
    });
    expect(await objectExists(BUCKET, `${owner.id}/intruder.txt`)).toBe(false);
  });

  it("refuses anonymous (anon key) uploads and downloads in the private bucket", async () => {
    const anon = client().storage.from(BUCKET);
    const up = await anon.upload(`${owner.id}/anon.txt`, "x");
    expect(up.error).toMatchObject({ statusCode: "403" });
    const path = `${owner.id}/private.txt`;
    expect((await owner.client.storage.from(BUCKET).upload(path, "secret")).error).toBeNull();
    expect((await anon.download(path)).error).toMatchObject({ statusCode: "404" });
    const pub = await fetch(owner.client.storage.from(BUCKET).getPublicUrl(path).data.publicUrl);
    expect(pub.status).toBe(400);
    expect(await pub.json()).toMatchObject({ statusCode: "404", error: "Bucket not found" });
  });

  it("upserts with x-upsert and serves the new bytes; ?download=<name> names the attachment", async () => {
    const essays = owner.client.storage.from(BUCKET);
    const path = `${owner.id}/report.txt`;
    expect((await essays.upload(path, "v1")).error).toBeNull();
    const up = await essays.upload(path, "version two", { upsert: true, contentType: "text/plain" });
    expect(up.error).toBeNull();
    const signed = await essays.createSignedUrl(path, 60, { download: true });
    const res = await fetch(signed.data!.signedUrl);
    expect(await res.text()).toBe("version two");
    expect(res.headers.get("content-disposition")).toBe("attachment;"); // supabase-js sends download: true as `download=`
    const encoded = encodeURIComponent("보고서 1.txt");
    const named = await storageFetch(`/object/${BUCKET}/${path}?download=${encoded}`, { bearer: await token(owner) });
    expect(named.status).toBe(200);
    expect(named.headers.get("content-disposition")).toBe(`attachment; filename=${encoded}; filename*=UTF-8''${encoded}`);
    const bare = await storageFetch(`/object/${BUCKET}/${path}?download`, { bearer: await token(owner) });
    expect(bare.headers.get("content-disposition")).toBe("attachment;");
  });

  it("keeps the owner when the service role upserts a member's object", async () => {
    const path = `${owner.id}/kept-owner.txt`;
    expect((await owner.client.storage.from(BUCKET).upload(path, "by owner")).error).toBeNull();
    const service = client(stack.serviceRoleKey).storage.from(BUCKET);
    expect((await service.upload(path, "by service", { upsert: true })).error).toBeNull();
    const [row] = await sql`select owner, owner_id from storage.objects where bucket_id = ${BUCKET} and name = ${path}`;
    expect(row).toEqual({ owner: owner.id, owner_id: owner.id });
    expect(await (await owner.client.storage.from(BUCKET).download(path)).data!.text()).toBe("by service");
  });

  it("answers a Range request with 206 and Content-Range, and a range past the end with 416", async () => {
    const path = `${owner.id}/range.txt`;
    expect((await owner.client.storage.from(BUCKET).upload(path, "0123456789", { contentType: "text/plain" })).error).toBeNull();
    const bearer = await token(owner);
    const part = await storageFetch(`/object/${BUCKET}/${path}`, { bearer, headers: { Range: "bytes=2-5" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 2-5/10");
    expect(part.headers.get("content-length")).toBe("4");
    expect(await part.text()).toBe("2345");
    const tail = await storageFetch(`/object/${BUCKET}/${path}`, { bearer, headers: { Range: "bytes=-3" } });
    expect([tail.status, await tail.text()]).toEqual([206, "789"]);
    const past = await storageFetch(`/object/${BUCKET}/${path}`, { bearer, headers: { Range: "bytes=20-30" } });
    expect(past.status).toBe(416);
    expect(await past.json()).toEqual({
      statusCode: "416",
      code: "InvalidRange",
      error: "invalid_range",
      message: "invalid range provided",
    });
  });

  it("accepts a key with a trailing slash beside the same key without it and a key under it", async () => {
    const bearer = await token(owner);
    const base = `${owner.id}/folder`;
    for (const [key, body] of [
      [`${base}/`, "slash"],
      [base, "plain"],
      [`${base}/inner.txt`, "inner"],
    ]) {
      const res = await storageFetch(`/object/${BUCKET}/${key}`, {
        method: "POST",
        body,
        bearer,
        headers: { "content-type": "text/plain" },
      });
      expect([key, res.status]).toEqual([key, 200]);
      expect(await res.json()).toMatchObject({ Key: `${BUCKET}/${key}` });
    }
    const names = await sql`select name from storage.objects where bucket_id = ${BUCKET} and name like ${base + "%"} order by name`;
    expect(names.map((r) => r.name)).toEqual([base, `${base}/`, `${base}/inner.txt`]);
    expect(await (await storageFetch(`/object/${BUCKET}/${base}/`, { bearer })).text()).toBe("slash");
    expect(await (await storageFetch(`/object/${BUCKET}/${base}`, { bearer })).text()).toBe("plain");
  });

  it("refuses expired and badly signed bearer tokens with AccessDenied (HTTP 400, statusCode 403)", async () => {
    const secret = new TextEncoder().encode(stack.jwtSecret);
    const expired = await new SignJWT({ role: "authenticated", sub: owner.id })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(secret);
    const forged = await new SignJWT({ role: "service_role" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("not-the-project-secret-not-the-project-secret"));
    for (const bearer of [expired, forged, "not.a.jwt"]) {
      const res = await storageFetch(`/object/${BUCKET}/${owner.id}/x.txt`, { method: "POST", body: "x", bearer });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: "403", code: "AccessDenied", error: "Unauthorized" });
    }
  });

  it("rejects non-ASCII object keys and files over the bucket's size limit like hosted storage", async () => {
    const essays = owner.client.storage.from(BUCKET);
    const key = await essays.upload(`${owner.id}/한글.txt`, "x");
    expect(key.error).toMatchObject({ statusCode: "400", code: "InvalidKey" });
    const [{ file_size_limit }] = await sql`select file_size_limit from storage.buckets where id = ${BUCKET}`;
    const big = await essays.upload(`${owner.id}/big.bin`, new Uint8Array(Number(file_size_limit) + 1), {
      contentType: "application/octet-stream",
    });
    expect(big.error).toMatchObject({ status: 400, statusCode: "413", code: "EntityTooLarge" });
    expect(await objectExists(BUCKET, `${owner.id}/big.bin`)).toBe(false);
    expect(existsSync(objectFile(dataDir, BUCKET, `${owner.id}/big.bin`))).toBe(false);
  });

  it("lists the owner's folder", async () => {
    const essays = owner.client.storage.from(BUCKET);
    expect((await essays.upload(`${owner.id}/list/a.txt`, "a")).error).toBeNull();
    expect((await essays.upload(`${owner.id}/list/sub/b.txt`, "b")).error).toBeNull();
    const { data, error } = await essays.list(`${owner.id}/list`);
    expect(error).toBeNull();
    expect(data!.map((e) => [e.name, e.id === null])).toEqual([
      ["a.txt", false],
      ["sub", true],
    ]);
    const theirs = await other.client.storage.from(BUCKET).list(`${owner.id}/list`);
    expect(theirs.data).toEqual([]);
  });

  it("serves the public blog bucket without a token and lets only admins upload to it", async () => {
    const name = `posts/${randomUUID()}.png`;
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const denied = await owner.client.storage.from("blog").upload(name, png, { contentType: "image/png" });
    expect(denied.error).toMatchObject({ statusCode: "403", code: "AccessDenied" });

    const ok = await admin.client.storage.from("blog").upload(name, png, { contentType: "image/png" });
    expect(ok.error).toBeNull();
    const url = client().storage.from("blog").getPublicUrl(name).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("max-age=3600"); // supabase-js default cacheControl
    expect(res.headers.get("x-robots-tag")).toBe("none"); // not indexable unless uploaded with its own tag
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);

    const removeByMember = await owner.client.storage.from("blog").remove([name]);
    expect(removeByMember.data).toEqual([]);
    expect((await fetch(url)).status).toBe(200);
    const removed = await admin.client.storage.from("blog").remove([name]);
    expect(removed.data).toHaveLength(1);
    const after = await fetch(url);
    expect(after.status).toBe(400);
    expect(await after.json()).toMatchObject({ statusCode: "404" });
  });

  it("stores a valid x-robots-tag sent with the upload and sends it back; refuses an invalid one", async () => {
    const blog = admin.client.storage.from("blog");
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const name = `posts/${randomUUID()}.png`;
    const ok = await blog.upload(name, png, { contentType: "image/png", headers: { "x-robots-tag": "all" } });
    expect(ok.error).toBeNull();
    const res = await fetch(blog.getPublicUrl(name).data.publicUrl);
    expect([res.status, res.headers.get("x-robots-tag")]).toEqual([200, "all"]);
    const multi = await blog.upload(`posts/${randomUUID()}.png`, new Blob([png], { type: "image/png" }), {
      headers: { "x-robots-tag": "googlebot: noindex, max-image-preview: large" },
    });
    expect(multi.error).toBeNull();
    const multiRes = await fetch(blog.getPublicUrl(multi.data!.path).data.publicUrl);
    expect(multiRes.headers.get("x-robots-tag")).toBe("googlebot: noindex, max-image-preview: large");
    const bad = await blog.upload(`posts/${randomUUID()}.png`, png, { contentType: "image/png", headers: { "x-robots-tag": "index-me" } });
    expect(bad.error).toMatchObject({
      statusCode: "400",
      code: "InvalidRequest",
      message: 'Invalid X-Robots-Tag header: Invalid X-Robots-Tag rule: "index-me"',
    });
  });

  it("enforces the bucket's allowed_mime_types exactly like hosted storage", async () => {
    const blog = admin.client.storage.from("blog");
    const html = await blog.upload(`posts/${randomUUID()}.html`, "<script>alert(1)</script>", { contentType: "text/html" });
    expect(html.error).toMatchObject({ statusCode: "415", code: "InvalidMimeType" });
    const txt = await blog.upload(`posts/${randomUUID()}.txt`, "안녕하세요", { contentType: "text/plain; charset=utf-8" });
    expect(txt.error).toBeNull();
    // Parameters are part of the comparison: a form the bucket does not list is refused.
    const other = await blog.upload(`posts/${randomUUID()}.txt`, "x", { contentType: "text/plain;charset=euc-kr" });
    expect(other.error).toMatchObject({ statusCode: "415", code: "InvalidMimeType" });
    const service = client(stack.serviceRoleKey).storage.from("essays");
    const svg = await service.upload(`${owner.id}/x.svg`, "<svg/>", { contentType: "image/svg+xml" });
    expect(svg.error).toMatchObject({ statusCode: "415", code: "InvalidMimeType" });
    // A multipart part's parameters are dropped before the check: `essays` lists only `text/plain`.
    const txtPath = `${owner.id}/${randomUUID()}/answer.txt`;
    const part = await service.upload(txtPath, new Blob(["답안"], { type: "text/plain; charset=utf-8" }));
    expect(part.error).toBeNull();
    const [stored] =
      await sql`select metadata->>'mimetype' as mimetype from storage.objects where bucket_id = 'essays' and name = ${txtPath}`;
    expect(stored.mimetype).toBe("text/plain");
    expect((await service.remove([txtPath])).data).toHaveLength(1);
  });

  it("lets the service_role key bypass policies", async () => {
    const service = client(stack.serviceRoleKey).storage.from(BUCKET);
    const path = `${owner.id}/service.txt`;
    expect((await service.upload(path, "by service")).error).toBeNull();
    const dl = await owner.client.storage.from(BUCKET).download(path);
    expect(await dl.data!.text()).toBe("by service");
    expect((await service.remove([path])).data).toHaveLength(1);
  });
});

describe("storage stand-in on disk", () => {
  it("never resolves a key outside the storage folder", async () => {
    const token = (await owner.client.auth.getSession()).data.session!.access_token;
    // node:http sends the path verbatim (fetch would normalize the dot segments away).
    const post = (path: string) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        const req = request(
          `${stack.supabaseUrl}${path}`,
          {
            method: "POST",
            headers: { Authorization: `Bearer ${token}`, apikey: stack.anonKey, "content-type": "text/plain" },
          },
          (res) => {
            let text = "";
            res.on("data", (c) => (text += c)).on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
          },
        );
        req.on("error", reject);
        req.end("x");
      });
    // Dot segments in the raw path are normalized away by the gateway's URL parsing (so they never reach
    // storage as a key); encoded slashes do reach it and must be refused as InvalidKey.
    for (const key of [`${owner.id}/../../escape.txt`, `${owner.id}/%2e%2e/%2e%2e/escape.txt`]) {
      expect((await post(`/storage/v1/object/essays/${key}`)).status).toBeGreaterThanOrEqual(400);
    }
    for (const key of [`${owner.id}/a%2F..%2F..%2Fescape.txt`, `${owner.id}/%2E%2F..%2Fx.txt`]) {
      const res = await post(`/storage/v1/object/essays/${key}`);
      expect([res.status, res.body.code]).toEqual([400, "InvalidKey"]);
    }
    const [{ count }] = await sql`select count(*)::int as count from storage.objects where name like '%escape%' or name like '%/./%'`;
    expect(count).toBe(0);
  });
});
