// Calls made straight to the platform, not through our API: direct GoTrue sign-up metadata, the local JWT secret, direct essay uploads,
// blog view counting and CORS origins.
import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readStack } from "../helpers/stack.ts";
import { api, closeTestSql, createAdmin, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { publishPost } from "../helpers/blog.ts";

const stack = readStack();
const sql = () => testSql();
const DEMO_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";
const GENERATED = /^user_[0-9a-f]{12}$/;

afterAll(async () => {
  await closeTestSql();
});

/** POST /auth/v1/signup with the publishable key, as an attacker would. */
async function directSignUp(data: unknown) {
  const res = await fetch(`${stack.supabaseUrl}/auth/v1/signup`, {
    method: "POST",
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ email: `direct-${randomUUID().slice(0, 8)}@example.com`, password: "password123", data }),
  });
  const body = await res.json();
  return { status: res.status, body };
}

async function profileOf(id: string) {
  const [p] = await sql()`select username, display_name from public.profiles where id = ${id}`;
  return p as { username: string; display_name: string | null };
}

describe("sign-up metadata sent straight to Auth", () => {
  const hostile: [string, unknown][] = [
    ["a 5,000-character name", "a".repeat(5000)],
    ["an RTL override", "\u202Eevil_name"],
    ["a zero-width character", "ad\u200Bmin_zw"],
    ["a Cyrillic homoglyph", "\u0430dmin_homoglyph"],
    ["markup", "<script>alert(1)</script>"],
    ["a JSON object", { nested: "object" }],
    ["a number", 12345],
    ["surrounding spaces", " alice_spaced "],
    ["two characters", "ab"],
    ["51 characters", "x".repeat(51)],
  ];

  it.each(hostile)("gives %s a generated username instead of storing it", async (_what, username) => {
    const res = await directSignUp({ username });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const profile = await profileOf(res.body.user.id);
    expect(profile.username).toMatch(GENERATED);
  });

  it("keeps a valid username", async () => {
    const name = `ok_${randomUUID().slice(0, 8)}`;
    const res = await directSignUp({ username: name, display_name: "김선생" });
    expect(res.status).toBe(200);
    expect(await profileOf(res.body.user.id)).toEqual({ username: name, display_name: "김선생" });
  });

  it("gives a case-collision (ADMIN when admin exists) a generated unique name, never a 500", async () => {
    const lower = `casecheck_${randomUUID().slice(0, 8)}`;
    const first = await directSignUp({ username: lower });
    expect(first.status).toBe(200);
    const second = await directSignUp({ username: lower.toUpperCase() });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const profile = await profileOf(second.body.user.id);
    expect(profile.username).toMatch(GENERATED);
    const [{ n }] = await sql()`select count(*)::int as n from public.profiles where lower(username) = ${lower}`;
    expect(n).toBe(1);
  });

  it("cleans display names: control, bidi and zero-width characters removed, trimmed, at most 100 characters", async () => {
    const cases: [unknown, string | null][] = [
      ["x".repeat(101), "x".repeat(100)],
      ["  \u202E김\u200B선생\u2066\u0007  ", "김선생"],
      ["\u200B\u200D\uFEFF", null],
      [{ html: "<b>" }, null],
    ];
    for (const [displayName, expected] of cases) {
      const res = await directSignUp({ username: `dn_${randomUUID().slice(0, 8)}`, display_name: displayName });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await profileOf(res.body.user.id)).display_name).toBe(expected);
    }
  });

  it("does not let updateUser metadata change the profile's username", async () => {
    const name = `upd_${randomUUID().slice(0, 8)}`;
    const res = await directSignUp({ username: name });
    const put = await fetch(`${stack.supabaseUrl}/auth/v1/user`, {
      method: "PUT",
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${res.body.access_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ data: { username: "ADMIN", display_name: "\u202Eevil" } }),
    });
    expect(put.status).toBe(200);
    expect((await profileOf(res.body.user.id)).username).toBe(name);
  });
});

describe("the stack's JWT secret", () => {
  it("is not the public demo secret, so a token signed with it is refused", async () => {
    expect(stack.jwtSecret).not.toBe(DEMO_SECRET);
    const forged = await new SignJWT({ role: "service_role", iss: "supabase-demo" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(DEMO_SECRET));
    const res = await fetch(`${stack.supabaseUrl}/auth/v1/admin/users/${randomUUID()}`, {
      headers: { apikey: forged, Authorization: `Bearer ${forged}` },
    });
    expect(res.status).toBe(403);
  });
});

describe("direct uploads to the essays bucket", () => {
  let member: TestUser;
  beforeAll(async () => {
    member = await createMember();
  });

  it("refuses a member's own-folder upload through supabase-js with the publishable key", async () => {
    const client = createClient(stack.supabaseUrl, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: `Bearer ${member.token}` } },
      realtime: { transport: WebSocket as never },
    });
    const path = `${member.user.id}/x.html`;
    const res = await client.storage.from("essays").upload(path, new Blob(["<script>alert(1)</script>"], { type: "text/html" }));
    expect(res.error).not.toBeNull();
    const txt = await client.storage.from("essays").upload(`${member.user.id}/y.txt`, new Blob(["hello"], { type: "text/plain" }));
    expect(txt.error).toMatchObject({ statusCode: "403" });
    const [{ n }] =
      await sql()`select count(*)::int as n from storage.objects where bucket_id = 'essays' and name like ${member.user.id + "/%"}`;
    expect(n).toBe(0);
  });

  it("restricts both buckets to the file types the app stores", async () => {
    const rows = await sql()`select id, allowed_mime_types from storage.buckets where id in ('essays', 'blog') order by id`;
    expect(rows.map((r) => r.id)).toEqual(["blog", "essays"]);
    for (const r of rows) {
      expect(r.allowed_mime_types).toContain("application/pdf");
      expect(r.allowed_mime_types).not.toContain("text/html");
    }
  });
});

describe("blog views", () => {
  let admin: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    [admin, member] = await Promise.all([createAdmin(), createMember()]);
  });

  it("counts at most one view per visitor per post per day", async () => {
    const slug = `views-${randomUUID().slice(0, 8)}`;
    await publishPost(admin, { title: "조회수 테스트", slug });
    const path = `/blog/posts/${slug}?view=1`;
    for (let i = 0; i < 5; i++) await api(path);
    expect((await api(path)).body.viewCount).toBe(1);
    for (let i = 0; i < 3; i++) await api(path, { token: member.token });
    expect((await api(path, { token: member.token })).body.viewCount).toBe(2);
    const [{ view_count }] = await sql()`select view_count from public.blog_posts where slug = ${slug}`;
    expect(view_count).toBe(2);
  });
});

describe("CORS", () => {
  it("gives a disallowed Origin no Access-Control-Allow-Origin (simple and preflight)", async () => {
    const res = await fetch(`${stack.apiUrl}/blog/posts`, { headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    await res.body?.cancel();
    const pre = await fetch(`${stack.apiUrl}/auth/login`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://evil.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization",
      },
    });
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("allows the stack's own app origin and leaves requests without Origin alone", async () => {
    const origin = process.env.TEST_APP_ORIGIN!;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${stack.apiUrl}/blog/posts`, { headers: { Origin: origin } });
    expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    await res.body?.cancel();
    const plain = await fetch(`${stack.apiUrl}/blog/posts`);
    expect(plain.status).toBe(200);
    await plain.body?.cancel();
  });
});
