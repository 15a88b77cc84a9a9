// `npm start` hands the function the abuse-limit and captcha settings a self-hoster puts in .env
// (local/config.ts functionEnv()), and nothing else of the environment.
import { afterEach, describe, expect, it, vi } from "vitest";
import { functionEnv } from "../../local/config.ts";

afterEach(() => vi.unstubAllEnvs());

/** Sets each variable to a value of its own ("<name>=1"); the settings as an object. */
function stubEach(names: string[]): Record<string, string> {
  const settings = Object.fromEntries(names.map((name) => [name, `${name.toLowerCase()}=1`]));
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
  return settings;
}

describe("functionEnv()", () => {
  it("passes through RATE_LIMIT_*, the daily free budgets, TRUSTED_PROXY_HOPS and CAPTCHA_*", () => {
    const settings = stubEach([
      "RATE_LIMIT_GUESTS_PER_HOUR", "RATE_LIMIT_REGISTRATIONS_PER_HOUR", "RATE_LIMIT_LOGINS_PER_15_MIN",
      "RATE_LIMIT_SESSIONS_PER_HOUR", "FREE_USES_PER_ADDRESS_PER_DAY", "FREE_USES_PER_DEVICE_PER_DAY",
      "TRUSTED_PROXY_HOPS", "CAPTCHA_PROVIDER", "CAPTCHA_SECRET_KEY", "CAPTCHA_VERIFY_URL", "CAPTCHA_VERIFIED_BY",
    ]);
    expect(functionEnv()).toMatchObject(settings);
  });

  it("passes through the grading, LLM timing and price, body, storage and pool settings, but not the tick secret", () => {
    const settings = stubEach([
      "GRADING_MODE", "GRADING_SAMPLES", "GRADING_MAX_IN_FLIGHT", "GRADING_RUN_DEADLINE_MS",
      "LLM_TIMEOUT_MS", "LLM_PRICE_INPUT_PER_1M", "MAX_FORM_BYTES", "MAX_STORED_FILES_PER_USER",
      "DB_POOL_MAX", "TOSS_TIMEOUT_MS",
    ]);
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
    expect(env).toHaveProperty("LLM_MODEL");
  });
});
