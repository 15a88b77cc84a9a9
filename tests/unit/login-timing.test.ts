// POST /auth/login does the same work for an unknown username as for a known one
// (a GoTrue password grant and a bcrypt comparison), so its timing does not reveal which usernames exist.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loadWithEnv } from "../helpers/function-env.ts";

const calls = vi.hoisted(() => ({
  grants: [] as { email: string; password: string }[],
  grantWithAdminKey: [] as boolean[],
  queries: [] as string[],
  account: null as null | { id: string; email: string },
}));

vi.mock("../../supabase/functions/api/lib/supabase.ts", () => {
  const client = () => ({
    auth: {
      signInWithPassword: async (creds: { email: string; password: string }) => {
        calls.grants.push(creds);
        return {
          data: { session: null, user: null },
          error: { name: "AuthApiError", status: 400, code: "invalid_credentials", message: "Invalid login credentials" },
        };
      },
    },
  });
  return {
    anonClient: client,
    authCallClient: (captchaExempt: boolean) => {
      calls.grantWithAdminKey.push(captchaExempt);
      return client();
    },
    serviceClient: () => ({}),
  };
});

vi.mock("../../supabase/functions/api/lib/db.ts", () => {
  const adminSql = (strings: TemplateStringsArray) => {
    const text = strings.join("?");
    calls.queries.push(text);
    if (/from public\.profiles p\s+join auth\.users/.test(text)) return Promise.resolve(calls.account ? [calls.account] : []);
    return Promise.resolve([{ ok: false }]);
  };
  return { adminSql, asUser: vi.fn() };
});

vi.mock("../../supabase/functions/api/lib/rate-limit.ts", () => ({
  enforceRateLimit: async () => {},
  clientAddress: () => "203.0.113.9",
  RATE_LIMITS: { login: {}, register: {}, guest: {}, sessions: {} },
}));

vi.mock("../../supabase/functions/api/lib/users/queries.ts", () => ({ loadUser: async () => null }));

/** POST /auth/login of a function started with `env` as its settings. */
async function loginRoute(env: Record<string, string>) {
  const { routes } = await loadWithEnv(env, () => import("../../supabase/functions/api/auth/routes.ts"));
  return routes.find((r) => r.path === "/auth/login")!;
}
const noCaptcha = { CAPTCHA_PROVIDER: "", CAPTCHA_SECRET_KEY: "", CAPTCHA_VERIFIED_BY: "" };
const login = await loginRoute(noCaptcha);

async function attempt(username: string, route = login) {
  const req = new Request("http://x/functions/v1/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: "wrong-password" }),
  });
  const ctx = {
    req,
    url: new URL(req.url),
    params: {},
    user: null,
    admin: null as never,
    json: async () => ({ username, password: "wrong-password" }),
    form: async () => new FormData(),
    asUser: async () => null as never,
  };
  try {
    const res = await route.handler(ctx as never);
    return { status: res.status, body: await res.json() };
  } catch (err) {
    const e = err as { status?: number; message?: string };
    return { status: e.status, body: { error: e.message } };
  }
}

beforeEach(() => {
  calls.grants.length = 0;
  calls.grantWithAdminKey.length = 0;
  calls.queries.length = 0;
  calls.account = null;
});

describe("POST /auth/login for an unknown username", () => {
  it("still makes one GoTrue password grant and one bcrypt comparison, and answers like a wrong password", async () => {
    calls.account = { id: "11111111-1111-4111-8111-111111111111", email: "teacher@example.com" };
    const known = await attempt("teacher");
    const knownGrants = calls.grants.splice(0);
    calls.queries.length = 0;

    calls.account = null;
    const unknown = await attempt("nobody_here");
    expect(unknown).toEqual(known);
    expect(known.status).toBe(401);
    expect(knownGrants).toEqual([{ email: "teacher@example.com", password: "wrong-password" }]);
    expect(calls.grants).toHaveLength(1);
    expect(calls.grants[0].password).toBe("wrong-password");
    expect(calls.grants[0].email).not.toBe("teacher@example.com");
    expect(calls.queries.filter((q) => /extensions\.crypt\(/.test(q))).toHaveLength(1);
  });
});

describe("POST /auth/login with a captcha configured", () => {
  it("makes the password grant with the secret key whoever verifies the captcha (Auth skips its captcha for admin credentials), else with the publishable key", async () => {
    await attempt("teacher");
    expect(calls.grantWithAdminKey).toEqual([false]);

    for (const verifiedBy of ["auth", "api"]) {
      await attempt(
        "teacher",
        await loginRoute({ CAPTCHA_PROVIDER: "turnstile", CAPTCHA_SECRET_KEY: "secret", CAPTCHA_VERIFIED_BY: verifiedBy }),
      );
    }
    expect(calls.grantWithAdminKey).toEqual([false, true, true]);
  });
});
