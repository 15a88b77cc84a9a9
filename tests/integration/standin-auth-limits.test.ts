// The local Auth enforces config.toml's [auth.rate_limit] as hosted GoTrue does: 429 with
// over_request_rate_limit per address (burst 30 for the 5-minute limits, the hourly value for
// anonymous_users) and over_email_send_rate_limit for the project's hourly mail budget. A gateway of
// its own (small limits) keeps the shared one's budgets untouched; the values the shared stack runs
// with are config.toml's, read by the same code (tests/unit/auth-limits.test.ts).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushMigrations } from "../../local/supabase-cli.ts";
import { startAuthGateway, type AuthGateway } from "../helpers/auth-gateway.ts";
import { readStack } from "../helpers/stack.ts";
import { closeTestSql, createMember } from "../helpers/users.ts";

/** GoTrue's burst for the limits counted per 5 minutes. */
const BURST = 30;

let gw: AuthGateway;

beforeAll(async () => {
  gw = await startAuthGateway({
    mail: { mailbox: true },
    limits: { emailSent: 1, anonymousUsers: 2, signInSignUps: 1, tokenRefresh: 1, tokenVerifications: 1 },
  });
});

afterAll(async () => {
  await gw?.stop();
  await closeTestSql();
});

function post(path: string, body: unknown) {
  return fetch(`${gw.url}/auth/v1${path}`, {
    method: "POST",
    headers: { apikey: gw.anonKey, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function expectLimited(res: Response, code: string) {
  expect(res.status).toBe(429);
  expect(res.headers.get("x-sb-error-code")).toBe(code);
  expect(await res.json()).toMatchObject({ code });
}

/** Sends `send()` BURST times (each answered, not limited), then once more: 429. */
async function exhaust(send: () => Promise<Response>) {
  for (let i = 0; i < BURST; i++) {
    const res = await send();
    await res.arrayBuffer();
    expect(res.status).not.toBe(429);
  }
  await expectLimited(await send(), "over_request_rate_limit");
}

describe("local Auth rate limits", () => {
  it("sign_in_sign_ups: sign-ups with an email per address", async () => {
    // a too-short password is refused after the limiter has counted the request (no account is made)
    await exhaust(() => post("/signup", { email: `lim-${randomUUID().slice(0, 8)}@example.com`, password: "x" }));
  });

  it("token_refresh: password sign-ins per address", async () => {
    await exhaust(() => post("/token?grant_type=password", { email: "nobody@example.com", password: "wrong-password" }));
  });

  it("token_verifications: /verify per address", async () => {
    await exhaust(() => fetch(`${gw.url}/auth/v1/verify?type=recovery&token=00`, { redirect: "manual" }));
  });

  it("anonymous_users: guest sign-ins per address per hour", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await post("/signup", {});
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    await expectLimited(await post("/signup", {}), "over_request_rate_limit");
  });

  it("email_sent: the project's mails per hour, whoever asks", async () => {
    // its own gateway: /recover also counts against sign_in_sign_ups, spent above
    const mailGw = await startAuthGateway({ mail: { mailbox: true }, limits: { emailSent: 1 } });
    try {
      const recover = (email: string | null) =>
        fetch(`${mailGw.url}/auth/v1/recover`, {
          method: "POST",
          headers: { apikey: mailGw.anonKey, "Content-Type": "application/json" },
          body: JSON.stringify({ email }),
        });
      const [a, b] = [await createMember(), await createMember()];
      const first = await recover(a.email);
      expect(first.status).toBe(200);
      await first.arrayBuffer();
      await expectLimited(await recover(b.email), "over_email_send_rate_limit");
    } finally {
      await mailGw.stop();
    }
  });
});

describe("config.toml on a fresh clone", () => {
  it("`supabase db push --dry-run` passes with no SMTP or captcha variables set", async () => {
    const names = Object.keys(process.env).filter((n) => /^(SMTP_|CAPTCHA_)/.test(n));
    const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
    for (const n of names) delete process.env[n];
    try {
      const result = await pushMigrations(readStack().dbUrl, { dryRun: true });
      expect(result.stderr + result.stdout).not.toMatch(/Invalid (auth|config)|Missing required field/i);
      expect(result.code).toBe(0);
    } finally {
      Object.assign(process.env, saved);
    }
  }, 120_000);
});
