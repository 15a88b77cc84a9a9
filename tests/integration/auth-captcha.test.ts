// The captcha at Auth ([auth.captcha]): with CAPTCHA_PROVIDER and CAPTCHA_SECRET_KEY set, the local Auth
// itself requires a verified token (gotrue_meta_security.captcha_token) on /signup (guests included),
// password grants and /recover, so calling Auth directly no longer skips the captcha and our API's
// limits; the secret key (admin credentials) is exempt, as in GoTrue. Our API's flows still work in both
// modes: the function verifying the token and calling Auth with the secret key (CAPTCHA_VERIFIED_BY=api,
// the stack's own function) and handing the token on to Auth (CAPTCHA_VERIFIED_BY=auth, a second
// instance). A stack of its own (the shared one keeps the captcha off), with the fake siteverify.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { startFakeCaptcha, type FakeCaptcha } from "../fakes/captcha.ts";
import { type ApiInstance, startApiInstance } from "../helpers/api-instance.ts";
import { RELAXED_RATE_LIMITS, startOwnStack, type OwnStack } from "../helpers/own-stack.ts";
import { uniqueUsername } from "../helpers/users.ts";

let captcha: FakeCaptcha;
let own: OwnStack | undefined;
let byAuth: ApiInstance | undefined;
let sql: postgres.Sql;

beforeAll(async () => {
  captcha = await startFakeCaptcha();
  own = await startOwnStack({
    latencyMs: 0,
    dataDirPrefix: "essay-auth-captcha-",
    llmApiKey: "",
    env: {
      ...RELAXED_RATE_LIMITS,
      TRUSTED_PROXY_HOPS: "2",
      CAPTCHA_PROVIDER: "turnstile",
      CAPTCHA_SECRET_KEY: captcha.secret,
      CAPTCHA_VERIFY_URL: captcha.url,
    },
  });
  const { stack } = own;
  byAuth = await startApiInstance({
    SUPABASE_URL: stack.supabaseUrl,
    SUPABASE_ANON_KEY: stack.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    SUPABASE_DB_URL: stack.dbUrl,
    CAPTCHA_PROVIDER: "turnstile",
    CAPTCHA_SECRET_KEY: captcha.secret,
    CAPTCHA_VERIFY_URL: captcha.url,
    CAPTCHA_VERIFIED_BY: "auth",
  });
  sql = postgres(stack.dbUrl, { max: 2, onnotice: () => {} });
}, 240_000);

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await byAuth?.stop();
  await own?.stop();
  await captcha?.stop();
});

let seq = 0;
const token = () => `pass-${Date.now().toString(36)}-${++seq}`;

/** A direct call to the stand-in's Auth with the publishable (anon) key, as anyone can make. */
async function auth(path: string, body: unknown, key = own!.stack.anonKey) {
  const res = await fetch(`${own!.stack.supabaseUrl}/auth/v1${path}`, {
    method: "POST",
    headers: { apikey: key, Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function call(base: string, path: string, body: unknown, accessToken?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Forwarded-For": `198.18.1.${++seq % 250}` };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const res = await fetch(`${base}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> };
}
const viaStack = (path: string, body: unknown, accessToken?: string) =>
  call(`${own!.stack.supabaseUrl}/functions/v1/api`, path, body, accessToken);
const viaAuthMode = (path: string, body: unknown, accessToken?: string) => call(byAuth!.baseUrl, path, body, accessToken);

const anonymousUsers = async () => (await sql`select count(*)::int as n from auth.users where is_anonymous`)[0].n as number;

describe("Auth requires the captcha when one is set", () => {
  it("refuses a direct guest sign-up without a token (400 captcha_failed), creating nobody; a valid token passes once", async () => {
    const before = await anonymousUsers();
    const bare = await auth("/signup", {});
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe("captcha_failed");
    const forged = await auth("/signup", { gotrue_meta_security: { captcha_token: "forged" } });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe("captcha_failed");
    expect(await anonymousUsers()).toBe(before);

    const good = token();
    const ok = await auth("/signup", { gotrue_meta_security: { captcha_token: good } });
    expect(ok.status).toBe(200);
    expect(ok.body.user.is_anonymous).toBe(true);
    expect((await auth("/signup", { gotrue_meta_security: { captcha_token: good } })).status).toBe(400);
    expect(await anonymousUsers()).toBe(before + 1);
    expect(captcha.verifications().find((v) => v.response === good)).toMatchObject({ secret: captcha.secret, success: true });
  });

  it("refuses a direct password grant without a token, accepts it with one or with the secret key", async () => {
    const email = `${uniqueUsername("capgrant")}@example.com`.toLowerCase();
    const made = await auth("/signup", { email, password: "password123", gotrue_meta_security: { captcha_token: token() } });
    expect(made.status).toBe(200);

    const bare = await auth("/token?grant_type=password", { email, password: "password123" });
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe("captcha_failed");
    const ok = await auth("/token?grant_type=password", {
      email,
      password: "password123",
      gotrue_meta_security: { captcha_token: token() },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTruthy();
    // a wrong password with a valid token is still just wrong
    const wrong = await auth("/token?grant_type=password", {
      email,
      password: "nope-nope",
      gotrue_meta_security: { captcha_token: token() },
    });
    expect(wrong.body.code).toBe("invalid_credentials");
    expect((await auth("/token?grant_type=password", { email, password: "password123" }, own!.stack.serviceRoleKey)).status).toBe(200);
    // refreshing a session needs no captcha
    expect((await auth("/token?grant_type=refresh_token", { refresh_token: ok.body.refresh_token })).status).toBe(200);
    // nor does a password recovery mail without one go out
    expect((await auth("/recover", { email })).body.code).toBe("captcha_failed");
  });
});

describe("our API with the captcha at Auth", () => {
  for (const [mode, via] of [
    ["verified by the function (secret key to Auth)", viaStack],
    ["handed on to Auth", viaAuthMode],
  ] as const) {
    it(`${mode}: guest start, sign-up, login, guest conversion, password change and 회원 탈퇴 work`, async () => {
      expect((await via("/auth/guest", {})).status).toBe(400);
      const guest = await via("/auth/guest", { captchaToken: token() });
      expect(guest.status, JSON.stringify(guest.body)).toBe(200);
      expect(guest.body.user.isGuest).toBe(1);

      const username = uniqueUsername("capapi");
      const account = { username, email: `${username}@example.com`.toLowerCase(), password: "password123" };
      expect((await via("/auth/register", account)).status).toBe(400);
      const registered = await via("/auth/register", { ...account, captchaToken: token() });
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);

      const loggedIn = await via("/auth/login", { username, password: account.password });
      expect(loggedIn.status, JSON.stringify(loggedIn.body)).toBe(200);
      expect((await via("/auth/login", { username, password: "wrong-pass" })).status).toBe(401);

      const converted = await via(
        "/auth/convert",
        {
          username: `${username}_g`.slice(0, 50),
          email: `g_${account.email}`,
          password: "password456",
        },
        guest.body.session.access_token,
      );
      expect(converted.status, JSON.stringify(converted.body)).toBe(200);
      expect(converted.body.user.isGuest).toBe(0);

      const changed = await via(
        "/account/password",
        { currentPassword: account.password, newPassword: "password789" },
        loggedIn.body.session.access_token,
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);

      const deleted = await via("/account/delete", { password: "password789" }, changed.body.session.access_token);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect(await sql`select 1 from auth.users where lower(email) = ${account.email}`).toHaveLength(0);
    });
  }
});
