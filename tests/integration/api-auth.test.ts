// /api/auth/* through the real function on the local stack: register, login, guest, me, logout, errors.
import { afterAll, describe, expect, it } from "vitest";
import { readStack } from "../helpers/stack.ts";
import { api, closeTestSql, createGuest, createMember, login, testSql, uniqueUsername } from "../helpers/users.ts";

const sql = () => testSql();

async function authUsersWithEmail(email: string): Promise<number> {
  const [{ n }] = await sql()<{ n: number }[]>`select count(*)::int as n from auth.users where lower(email) = lower(${email})`;
  return n;
}

async function profilesNamed(username: string): Promise<number> {
  const [{ n }] = await sql()<{ n: number }[]>`
    select count(*)::int as n from public.profiles where lower(username) = lower(${username})`;
  return n;
}

async function totalUsers(): Promise<{ users: number; profiles: number; subs: number }> {
  const [row] = await sql()<{ users: number; profiles: number; subs: number }[]>`
    select (select count(*)::int from auth.users) as users,
           (select count(*)::int from public.profiles) as profiles,
           (select count(*)::int from public.subscriptions) as subs`;
  return row;
}

afterAll(async () => {
  await closeTestSql();
});

describe("POST /auth/register", () => {
  it("creates a member with a trial subscription and returns user, session and message (201)", async () => {
    const username = uniqueUsername("reg");
    const email = `${username}@Example.com`;
    const res = await api("/auth/register", {
      json: { username, email, password: "secret12", displayName: "김선생" },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("회원가입이 완료되었습니다.");
    const { user, session } = res.body;
    expect(user).toMatchObject({
      username,
      email: email.toLowerCase(),
      displayName: "김선생",
      isAdmin: 0,
      isGuest: 0,
      lastLoginAt: null,
      subscription: { planId: "trial", status: "trial" },
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof user.createdAt).toBe("string");
    expect(typeof user.subscription.planName).toBe("string");
    expect(user.subscription.planName.length).toBeGreaterThan(0);
    expect(session).toMatchObject({ token_type: "bearer" });
    expect(typeof session.access_token).toBe("string");
    expect(typeof session.refresh_token).toBe("string");
    expect(session.expires_in).toBeGreaterThan(0);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);

    const [profile] = await sql()`select username, email, display_name, is_admin, is_guest from public.profiles where id = ${user.id}`;
    expect(profile).toMatchObject({ username, display_name: "김선생", is_admin: false, is_guest: false });
    const subs = await sql()`select plan_id, status from public.subscriptions where user_id = ${user.id}`;
    expect(subs).toEqual([{ plan_id: "trial", status: "trial" }]);

    const me = await api("/auth/me", { token: session.access_token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });

  it("omits an empty displayName (stored as null)", async () => {
    const username = uniqueUsername("nodisp");
    const res = await api("/auth/register", {
      json: { username, email: `${username}@example.com`, password: "secret12", displayName: "" },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.displayName).toBeNull();
  });

  it("rejects a duplicate username (any case) with 409 and creates nothing", async () => {
    const first = await createMember();
    const before = await totalUsers();
    const email = `${uniqueUsername("dup")}@example.com`;
    for (const username of [first.username, first.username.toUpperCase()]) {
      const res = await api("/auth/register", { json: { username, email, password: "secret12" } });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: "이미 사용 중인 사용자명입니다." });
    }
    expect(await authUsersWithEmail(email)).toBe(0);
    expect(await totalUsers()).toEqual(before);
  });

  it("rejects a duplicate email (any case) with 409 and creates nothing", async () => {
    const first = await createMember();
    const before = await totalUsers();
    const username = uniqueUsername("dupmail");
    const res = await api("/auth/register", {
      json: { username, email: first.email!.toUpperCase(), password: "secret12" },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "이미 등록된 이메일입니다." });
    expect(await profilesNamed(username)).toBe(0);
    expect(await totalUsers()).toEqual(before);
  });

  const base = () => {
    const username = uniqueUsername("bad");
    return { username, email: `${username}@example.com`, password: "secret12" };
  };
  const invalid: Array<[string, (b: Record<string, unknown>) => Record<string, unknown>, string]> = [
    ["a 2-character username", (b) => ({ ...b, username: "ab" }), "사용자명은 최소 3자 이상이어야 합니다"],
    ["a 51-character username", (b) => ({ ...b, username: "a".repeat(51) }), "사용자명은 최대 50자까지 가능합니다"],
    ["a username with a hyphen", (b) => ({ ...b, username: `${b.username}-x` }), "사용자명은 영문, 숫자, 언더스코어만 사용 가능합니다"],
    ["a Hangul username", (b) => ({ ...b, username: "김선생님" }), "사용자명은 영문, 숫자, 언더스코어만 사용 가능합니다"],
    ["an invalid email", (b) => ({ ...b, email: "not-an-email" }), "올바른 이메일 주소를 입력해주세요"],
    ["a 101-character display name", (b) => ({ ...b, displayName: "가".repeat(101) }), "표시 이름은 최대 100자까지 가능합니다"],
    ["a 5-character password", (b) => ({ ...b, password: "12345" }), "비밀번호는 최소 6자 이상이어야 합니다"],
    ["a 101-character password", (b) => ({ ...b, password: "x".repeat(101) }), "비밀번호는 최대 100자까지 가능합니다"],
    ["a missing password", ({ password: _p, ...b }) => b, "비밀번호는 최소 6자 이상이어야 합니다"],
  ];
  it.each(invalid)("rejects %s with 400 and the Korean message, creating nothing", async (_name, change, message) => {
    const body = change(base());
    const before = await totalUsers();
    const res = await api("/auth/register", { json: body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
    expect(await totalUsers()).toEqual(before);
  });

  it("answers malformed JSON with 400 in Korean", async () => {
    const res = await api("/auth/register", {
      body: "{not json",
      headers: { "Content-Type": "application/json" },
      method: "POST",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "요청 본문이 올바른 JSON 형식이 아닙니다." });
  });

  it("refuses an oversized JSON body with 413", async () => {
    const res = await api("/auth/register", {
      json: { ...base(), displayName: "x".repeat(3 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: "요청 본문이 너무 큽니다." });
  });
});

describe("POST /auth/login", () => {
  it("logs a member in by username, updates lastLoginAt and returns a working session", async () => {
    const member = await createMember();
    const res = await api("/auth/login", { json: { username: member.username, password: member.password } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("로그인되었습니다.");
    expect(res.body.user).toMatchObject({ id: member.user.id, username: member.username, isGuest: 0, isAdmin: 0 });
    expect(typeof res.body.user.lastLoginAt).toBe("string");
    expect(Date.now() - Date.parse(res.body.user.lastLoginAt)).toBeLessThan(60_000);
    const [row] = await sql()`select last_login_at from public.profiles where id = ${member.user.id}`;
    expect(row.last_login_at).toBeInstanceOf(Date);
    const me = await api("/auth/me", { token: res.body.session.access_token });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(member.username);
  });

  it("accepts the username in another case", async () => {
    const member = await createMember();
    const res = await api("/auth/login", { json: { username: member.username.toUpperCase(), password: member.password } });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(member.user.id);
  });

  it("rejects a wrong password with 401 and the Korean message", async () => {
    const member = await createMember();
    const res = await api("/auth/login", { json: { username: member.username, password: "wrong-password" } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "아이디 또는 비밀번호가 올바르지 않습니다." });
  });

  it("rejects an unknown username with the same 401", async () => {
    const res = await api("/auth/login", { json: { username: uniqueUsername("ghost"), password: "whatever1" } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "아이디 또는 비밀번호가 올바르지 않습니다." });
  });

  it("does not let anyone log in as a guest by username", async () => {
    const guest = await createGuest();
    const res = await api("/auth/login", { json: { username: guest.username, password: "" } });
    expect(res.status).toBe(400);
    const res2 = await api("/auth/login", { json: { username: guest.username, password: "anything" } });
    expect(res2.status).toBe(401);
    expect(res2.body).toEqual({ error: "아이디 또는 비밀번호가 올바르지 않습니다." });
  });

  it("validates the body with the login messages (docs/product.md#accounts)", async () => {
    expect(await api("/auth/login", { json: { username: "", password: "x" } })).toMatchObject({
      status: 400,
      body: { error: "사용자명을 입력해주세요" },
    });
    expect(await api("/auth/login", { json: { username: "someone", password: "" } })).toMatchObject({
      status: 400,
      body: { error: "비밀번호를 입력해주세요" },
    });
    expect(await api("/auth/login", { method: "POST" })).toMatchObject({
      status: 400,
      body: { error: "사용자명을 입력해주세요" },
    });
  });
});

describe("POST /auth/guest", () => {
  it("creates an anonymous guest with a guest_ username and a session", async () => {
    const res = await api("/auth/guest", { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("게스트로 로그인되었습니다.");
    expect(res.body.user).toMatchObject({ isGuest: 1, isAdmin: 0, email: null });
    expect(res.body.user.username).toMatch(/^guest_[0-9a-f]{12}$/);
    expect(typeof res.body.session.access_token).toBe("string");
    const me = await api("/auth/me", { token: res.body.session.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: res.body.user.id, isGuest: 1 });
    const [row] = await sql()`select is_guest, guest_usage_count from public.profiles where id = ${res.body.user.id}`;
    expect(row).toEqual({ is_guest: true, guest_usage_count: 0 });
  });
});

describe("GET /auth/me and POST /auth/logout", () => {
  it("returns 401 in Korean without a token, with a garbage token and with the anon key", async () => {
    const { anonKey, serviceRoleKey } = readStack();
    for (const token of [undefined, "garbage", "a.b.c", anonKey, serviceRoleKey]) {
      const res = await api("/auth/me", { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "로그인이 필요합니다." });
    }
  });

  it("returns the user JSON (docs/product.md#user) for a valid token", async () => {
    const member = await createMember({ displayName: "표시 이름" });
    const res = await api("/auth/me", { token: member.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      "createdAt",
      "displayName",
      "email",
      "id",
      "isAdmin",
      "isGuest",
      "lastLoginAt",
      "subscription",
      "username",
    ]);
    expect(res.body).toMatchObject({ username: member.username, displayName: "표시 이름", isAdmin: 0, isGuest: 0 });
    expect(Object.keys(res.body.subscription).sort()).toEqual(["endDate", "planId", "planName", "renewsAt", "startDate", "status"]);
  });

  it("logout revokes the session (204), after which the token gets 401; other sessions stay valid", async () => {
    const member = await createMember();
    const other = await login(member.username, member.password);
    expect((await api("/auth/me", { token: member.token })).status).toBe(200);

    const out = await api("/auth/logout", { method: "POST", token: member.token });
    expect(out.status).toBe(204);
    expect(out.body).toBeNull();

    const me = await api("/auth/me", { token: member.token });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ error: "로그인이 필요합니다." });
    expect((await api("/auth/me", { token: other.token })).status).toBe(200);
  });

  it("logout without a token is a harmless 204", async () => {
    const res = await api("/auth/logout", { method: "POST" });
    expect(res.status).toBe(204);
  });
});

describe("routing, CORS and errors", () => {
  it("answers an unknown path with 404 JSON and a wrong method with 405", async () => {
    const missing = await api("/no/such/path");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "요청한 경로를 찾을 수 없습니다." });
    const wrong = await api("/auth/me", { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(typeof wrong.body.error).toBe("string");
  });

  it("answers CORS preflights and exposes content-disposition", async () => {
    const { apiUrl } = readStack();
    // Only the stack's own app origin is allowed now, not any origin.
    const origin = process.env.TEST_APP_ORIGIN!;
    const pre = await fetch(`${apiUrl}/auth/login`, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type, x-client-info",
      },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get("access-control-allow-origin")).toBe(origin);
    expect(pre.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    expect(pre.headers.get("access-control-allow-methods")).toContain("POST");

    const res = await fetch(`${apiUrl}/plans`, { headers: { Origin: origin } });
    expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    expect(res.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("content-disposition");
    const err = await fetch(`${apiUrl}/nope`);
    expect(err.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("privilege escalation", () => {
  it("a member cannot become admin through register, Supabase Auth metadata or the API", async () => {
    const username = uniqueUsername("sneaky");
    const reg = await api("/auth/register", {
      json: {
        username,
        email: `${username}@example.com`,
        password: "secret12",
        isAdmin: 1,
        is_admin: true,
        data: { is_admin: true },
        options: { data: { is_admin: true, isAdmin: 1 } },
      },
    });
    expect(reg.status).toBe(201);
    expect(reg.body.user.isAdmin).toBe(0);
    const token = reg.body.session.access_token as string;
    const id = reg.body.user.id as string;

    // Direct sign-up at Supabase Auth with privileged-looking metadata.
    const { supabaseUrl, anonKey } = readStack();
    const direct = uniqueUsername("direct");
    const signup = await fetch(`${supabaseUrl}/auth/v1/signup`, {
      method: "POST",
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        email: `${direct}@example.com`,
        password: "secret12",
        data: { username: direct, is_admin: true, isAdmin: 1, role: "admin" },
      }),
    });
    expect(signup.status).toBe(200);
    const directUser = await signup.json();
    const directId = directUser.user?.id ?? directUser.id;

    // Every write-looking call a member could try against their own account or the admin API.
    const attempts: Array<[string, string, unknown]> = [
      ["PUT", "/auth/me", { isAdmin: 1 }],
      ["PATCH", "/auth/me", { isAdmin: 1, is_admin: true }],
      ["POST", "/auth/me", { isAdmin: 1 }],
      ["PATCH", `/admin/users/${id}`, { isAdmin: 1 }],
      ["PUT", `/admin/users/${id}`, { isAdmin: 1 }],
      ["PATCH", `/admin/users/${id}/subscription`, { planId: "business" }],
      ["POST", "/admin/users", { isAdmin: 1 }],
      ["GET", "/admin/users", undefined],
    ];
    for (const [method, path, json] of attempts) {
      const res = await api(path, { method, token, json });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).not.toBe(500);
    }

    const rows = await sql()<{ id: string; is_admin: boolean }[]>`
      select id, is_admin from public.profiles where id in (${id}, ${directId})`;
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.is_admin === false)).toBe(true);
    const [sub] = await sql()`select plan_id from public.subscriptions where user_id = ${id}`;
    expect(sub.plan_id).toBe("trial");
    expect((await api("/auth/me", { token })).body.isAdmin).toBe(0);
  });
});
