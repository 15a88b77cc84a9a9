// `npm start` hands the function the abuse-limit and captcha settings a self-hoster puts in .env
// (local/config.ts functionEnv()), and nothing else of the environment.
import { afterEach, describe, expect, it, vi } from "vitest";
import { functionEnv } from "../../local/config.ts";

afterEach(() => vi.unstubAllEnvs());

describe("functionEnv()", () => {
  it("passes through the abuse-limit, captcha, grading, LLM, body, storage and pool settings, but not the tick secret", () => {
    const settings = {
      RATE_LIMIT_GUESTS_PER_HOUR: "5",
      RATE_LIMIT_REGISTRATIONS_PER_HOUR: "6",
      RATE_LIMIT_LOGINS_PER_15_MIN: "7",
      RATE_LIMIT_SESSIONS_PER_HOUR: "8",
      FREE_USES_PER_ADDRESS_PER_DAY: "50",
      FREE_USES_PER_DEVICE_PER_DAY: "9",
      TRUSTED_PROXY_HOPS: "2",
      CAPTCHA_PROVIDER: "hcaptcha",
      CAPTCHA_SECRET_KEY: "0x-secret",
      CAPTCHA_VERIFY_URL: "https://verify.example.com/siteverify",
      CAPTCHA_VERIFIED_BY: "auth",
      GRADING_MODE: "per-criterion",
      GRADING_SAMPLES: "3",
      GRADING_MAX_IN_FLIGHT: "16",
      GRADING_RUN_DEADLINE_MS: "120000",
      LLM_TIMEOUT_MS: "30000",
      LLM_PRICE_INPUT_PER_1M: "0.5",
      MAX_FORM_BYTES: "1000000",
      MAX_STORED_FILES_PER_USER: "100",
      DB_POOL_MAX: "2",
      TOSS_TIMEOUT_MS: "5000",
    };
    for (const [k, v] of Object.entries(settings)) vi.stubEnv(k, v);
    vi.stubEnv("GRADING_TICK_SECRET", "x".repeat(40));
    const env = functionEnv();
    expect(env).toMatchObject(settings);
    expect(env).not.toHaveProperty("GRADING_TICK_SECRET");
  });

  it("leaves out empty values and unrelated variables", () => {
    vi.stubEnv("CAPTCHA_PROVIDER", "");
    vi.stubEnv("RATE_LIMIT_GUESTS_PER_HOUR", "");
    vi.stubEnv("VITE_CAPTCHA_SITE_KEY", "site");
    vi.stubEnv("SOME_OTHER_SECRET", "x");
    vi.stubEnv("CAPTCHA_SOMETHING_ELSE", "x");
    const env = functionEnv();
    expect(env).not.toHaveProperty("CAPTCHA_PROVIDER");
    expect(env).not.toHaveProperty("RATE_LIMIT_GUESTS_PER_HOUR");
    expect(env).not.toHaveProperty("VITE_CAPTCHA_SITE_KEY");
    expect(env).not.toHaveProperty("SOME_OTHER_SECRET");
    expect(env).not.toHaveProperty("CAPTCHA_SOMETHING_ELSE");
  });

  it("adds no defaults of its own: an unset setting stays unset (the function's schema has the default)", () => {
    for (const name of ["LLM_BASE_URL", "LLM_MODEL", "GRADING_CONCURRENCY", "TOSS_API_BASE", "SITE_URL"]) vi.stubEnv(name, "");
    const env = functionEnv();
    for (const name of ["LLM_BASE_URL", "LLM_MODEL", "GRADING_CONCURRENCY", "TOSS_API_BASE"]) expect(env).not.toHaveProperty(name);
    vi.stubEnv("LLM_MODEL", "gpt-4.1");
    expect(functionEnv().LLM_MODEL).toBe("gpt-4.1");
  });

  it("leaves the stack's own values to the stack (CORS origins, Supabase keys, tick secret)", () => {
    vi.stubEnv("SITE_URL", "https://essay.example.kr");
    vi.stubEnv("ALLOWED_ORIGINS", "https://admin.example.kr");
    vi.stubEnv("SUPABASE_URL", "https://x.supabase.co");
    const env = functionEnv();
    for (const name of ["SITE_URL", "ALLOWED_ORIGINS", "SUPABASE_URL"]) expect(env).not.toHaveProperty(name);
  });

  it("stops on a malformed value, naming the variable", () => {
    vi.stubEnv("GRADING_CONCURRENCY", "eight");
    expect(() => functionEnv()).toThrow(/GRADING_CONCURRENCY: expected a whole number/);
  });
});
