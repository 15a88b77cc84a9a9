// The local Auth's limits come from supabase/config.toml (parsed with smol-toml) and behave as GoTrue's
// limiters (a clock is injected: no timing); the mail settings come from SMTP_* / LOCAL_MAILBOX.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import {
  AuthLimiter,
  CLI_DEFAULT_RATE_LIMITS,
  RateLimitError,
  readAuthRateLimits,
  type AuthRateLimits,
} from "../../local/gateway/auth-limits.ts";
import { mailSettingsFromEnv, transportOptions } from "../../local/gateway/mail.ts";

const from = (address: string) => ({ socket: { remoteAddress: address } }) as unknown as IncomingMessage;
const limits = (over: Partial<AuthRateLimits>): AuthRateLimits => ({ ...CLI_DEFAULT_RATE_LIMITS, ...over });

function code(fn: () => void): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    if (err instanceof RateLimitError) return err.code;
    throw err;
  }
}

describe("[auth.rate_limit] of supabase/config.toml", () => {
  it("is what the local Auth enforces: a school's mail budget, and per-address limits above the function's traffic", () => {
    const l = readAuthRateLimits();
    expect(l.emailSent).toBeGreaterThanOrEqual(100);
    // every sign-in, sign-up and guest start comes from the function's one address, which allows each
    // client address 200 logins / 15 min and 30 guests / hour: many clients must fit under these
    expect(l.tokenRefresh).toBeGreaterThanOrEqual(3000);
    expect(l.signInSignUps).toBeGreaterThanOrEqual(3000);
    expect(l.anonymousUsers).toBeGreaterThanOrEqual(3000);
    expect(l.tokenVerifications).toBeGreaterThan(0);
  });

  it("reads each key, and takes the CLI's default for a missing one", () => {
    const dir = mkdtempSync(join(tmpdir(), "limits-"));
    const file = join(dir, "config.toml");
    writeFileSync(file, `[auth]\nenabled = true\n\n[auth.rate_limit]\nemail_sent = 7\n# a comment\nsign_in_sign_ups = 11 # trailing\n`);
    expect(readAuthRateLimits(file)).toEqual(limits({ emailSent: 7, signInSignUps: 11 }));
    writeFileSync(file, `[auth.rate_limit]\nemail_sent = "many"\n`);
    expect(() => readAuthRateLimits(file)).toThrow(/email_sent/);
  });
});

describe("AuthLimiter", () => {
  it("per address: a burst of 30, refilled at the 5-minute rate, other addresses unaffected", () => {
    let now = 0;
    const limiter = new AuthLimiter(limits({ signInSignUps: 60 }), () => now);
    for (let i = 0; i < 30; i++) expect(code(() => limiter.checkAddress("signInSignUps", from("10.0.0.1")))).toBeUndefined();
    expect(code(() => limiter.checkAddress("signInSignUps", from("10.0.0.1")))).toBe("over_request_rate_limit");
    expect(code(() => limiter.checkAddress("signInSignUps", from("::ffff:10.0.0.2")))).toBeUndefined();
    now += 5_000; // 60 per 5 min = one per 5 s
    expect(code(() => limiter.checkAddress("signInSignUps", from("::ffff:10.0.0.1")))).toBeUndefined();
    expect(code(() => limiter.checkAddress("signInSignUps", from("10.0.0.1")))).toBe("over_request_rate_limit");
  });

  it("anonymous_users: the whole hourly value at once, then refused", () => {
    const limiter = new AuthLimiter(limits({ anonymousUsers: 3 }), () => 0);
    for (let i = 0; i < 3; i++) limiter.checkAddress("anonymousUsers", from("10.0.0.1"));
    expect(code(() => limiter.checkAddress("anonymousUsers", from("10.0.0.1")))).toBe("over_request_rate_limit");
  });

  it("email_sent: one budget for the project per hour window", () => {
    let now = 0;
    const limiter = new AuthLimiter(limits({ emailSent: 2 }), () => now);
    limiter.takeEmail();
    limiter.takeEmail();
    expect(code(() => limiter.takeEmail())).toBe("over_email_send_rate_limit");
    now += 60 * 60_000;
    expect(code(() => limiter.takeEmail())).toBeUndefined();
    const none = new AuthLimiter(limits({ emailSent: 0 }), () => 0);
    expect(code(() => none.takeEmail())).toBe("over_email_send_rate_limit");
  });
});

describe("mailSettingsFromEnv", () => {
  it("no mailbox and no SMTP unless set", () => {
    expect(mailSettingsFromEnv({})).toEqual({ mailbox: false });
    expect(mailSettingsFromEnv({ LOCAL_MAILBOX: "0" })).toEqual({ mailbox: false });
    expect(mailSettingsFromEnv({ LOCAL_MAILBOX: "1" })).toEqual({ mailbox: true });
    // .env.example as copied: every SMTP_* present and empty
    expect(
      mailSettingsFromEnv({ SMTP_HOST: "", SMTP_PORT: "", SMTP_USER: "", SMTP_PASS: "", SMTP_SENDER: "", LOCAL_MAILBOX: "0" }),
    ).toEqual({ mailbox: false });
  });

  it("SMTP from SMTP_HOST / SMTP_PORT (587) / SMTP_USER / SMTP_PASS / SMTP_SENDER", () => {
    expect(
      mailSettingsFromEnv({ SMTP_HOST: "smtp.example.com", SMTP_SENDER: "a@school.kr", SMTP_USER: "u", SMTP_PASS: "p" }).smtp,
    ).toMatchObject({ host: "smtp.example.com", port: 587, user: "u", pass: "p", sender: "a@school.kr" });
    expect(mailSettingsFromEnv({ SMTP_HOST: "h", SMTP_PORT: "465", SMTP_SENDER: "a@b.kr" }).smtp?.port).toBe(465);
  });

  it("never sends the SMTP password in clear over a network: TLS on 465, STARTTLS required elsewhere but on loopback", () => {
    const smtp = { host: "smtp.example.com", port: 587, user: "u", pass: "p", sender: "a@b.kr" };
    expect(transportOptions(smtp)).toMatchObject({ secure: false, requireTLS: true, auth: { user: "u", pass: "p" } });
    expect(transportOptions({ ...smtp, port: 465 })).toMatchObject({ secure: true, requireTLS: false });
    expect(transportOptions({ ...smtp, host: "127.0.0.1" })).toMatchObject({ secure: false, requireTLS: false });
  });

  it("refuses half a setting with a Korean and English line", () => {
    expect(() => mailSettingsFromEnv({ SMTP_HOST: "h" })).toThrow(/SMTP_SENDER.*\/.*SMTP_SENDER/);
    expect(() => mailSettingsFromEnv({ SMTP_PASS: "p" })).toThrow(/SMTP_HOST/);
    expect(() => mailSettingsFromEnv({ SMTP_HOST: "h", SMTP_SENDER: "a@b.kr", SMTP_PORT: "x" })).toThrow(/SMTP_PORT/);
    expect(() => mailSettingsFromEnv({ SMTP_HOST: "h", SMTP_SENDER: "a@b.kr", SMTP_USER: "u" })).toThrow(/SMTP_PASS/);
  });
});
