// The function's settings (api/lib/settings-schema.ts): one schema, parsed once at start; defaults
// written once (and the README's configuration table says the same); a malformed value is an error
// naming the variable instead of a silent default.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSettings, SETTING_NAMES, SettingsError } from "../../supabase/functions/api/lib/settings-schema.ts";

const error = (env: Record<string, string>) => {
  try {
    parseSettings(env);
  } catch (e) {
    expect(e).toBeInstanceOf(SettingsError);
    return (e as Error).message;
  }
  throw new Error(`no error for ${JSON.stringify(env)}`);
};

describe("settings defaults", () => {
  it("fill every unset or blank variable", () => {
    const s = parseSettings({});
    expect(parseSettings({ GRADING_CONCURRENCY: "", LLM_MODEL: "  " })).toEqual(s);
    expect(s.llm).toMatchObject({
      apiKey: undefined,
      baseUrl: "https://api.openai.com/v1",
      model: "gpt-4.1-mini",
      timeoutMs: 60_000,
      maxAttempts: 3,
    });
    expect(s.llm.prices).toEqual({ inputPer1M: 0.4, cachedPer1M: 0.1, outputPer1M: 1.6 });
    expect(s.grading).toMatchObject({
      concurrency: 8,
      mode: "holistic",
      samples: 1,
      maxInFlight: 32,
      maxInFlightPerUser: 12,
      leaseSeconds: 120,
    });
    expect(s.grading).toMatchObject({
      budgetMs: 50_000,
      deadlineMs: 140_000,
      minJobMs: 30_000,
      shutdownMarginMs: 5_000,
      tickSecret: undefined,
    });
    expect(s.http).toEqual({
      siteUrl: undefined,
      allowedOrigins: [],
      maxFormBytes: 40 * 2 ** 20,
      maxJsonBytes: 2 * 2 ** 20,
      trustedProxyHops: 1,
    });
    expect(s.storage).toEqual({ maxFilesPerUser: 5000, maxBytesPerUser: 2 * 2 ** 30 });
    expect(s.freeUses).toEqual({ perAddressPerDay: 300, perDevicePerDay: 30 });
    expect(s.rateLimits.guestsPerHour).toBe(30);
    expect(s.payments).toMatchObject({ mode: "live", apiBase: "https://api.tosspayments.com", timeoutMs: 10_000 });
    expect(s.supabase.dbPoolMax).toBe(3);
  });

  it("are the ones the README's configuration table lists", () => {
    const readme = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Deploy"));
    const base = parseSettings({});
    let checked = 0;
    for (const row of table.split("\n").filter((l) => l.startsWith("| `"))) {
      const [names, defaults] = row.split(" | ").map((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
      if (!names.every((n) => (SETTING_NAMES as string[]).includes(n)) || names.length !== defaults.length) continue;
      names.forEach((name, i) => {
        const value = defaults[i]
          .replace(/^([\d.]+) MiB$/, (_, n) => String(n * 2 ** 20))
          .replace(/^([\d.]+) GiB$/, (_, n) => String(n * 2 ** 30));
        expect(parseSettings({ [name]: value }), `${name} = ${defaults[i]}`).toEqual(base);
        checked += 1;
      });
    }
    expect(checked).toBeGreaterThanOrEqual(30);
  });
});

describe("a malformed setting", () => {
  it("is an error naming the variable and the value", () => {
    expect(error({ GRADING_CONCURRENCY: "abc" })).toMatch(/GRADING_CONCURRENCY: expected a whole number ≥ 1, got "abc"/);
    expect(error({ GRADING_CONCURRENCY: "0" })).toMatch(/GRADING_CONCURRENCY/);
    expect(error({ LLM_TIMEOUT_MS: "1.5" })).toMatch(/LLM_TIMEOUT_MS/);
    expect(error({ GRADING_SAMPLES: "6" })).toMatch(/GRADING_SAMPLES: expected a whole number from 1 to 5/);
    expect(error({ DB_POOL_MAX: "50" })).toMatch(/DB_POOL_MAX/);
    expect(error({ LLM_PRICE_INPUT_PER_1M: "-1" })).toMatch(/LLM_PRICE_INPUT_PER_1M: expected a number ≥ 0/);
    expect(error({ LLM_BASE_URL: "api.openai.com" })).toMatch(/LLM_BASE_URL: expected an http\(s\) URL/);
    expect(error({ GRADING_TICK_SECRET: "short" })).toMatch(/GRADING_TICK_SECRET: must have at least 32 characters/);
  });

  it("is reported with every other bad one at once", () => {
    const message = error({ MAX_FORM_BYTES: "lots", RATE_LIMIT_GUESTS_PER_HOUR: "many", GRADING_MODE: "fast" });
    expect(message).toMatch(/MAX_FORM_BYTES/);
    expect(message).toMatch(/RATE_LIMIT_GUESTS_PER_HOUR/);
    expect(message).toMatch(/GRADING_MODE: expected one of holistic, per-criterion, got "fast"/);
  });
});

describe("settings values", () => {
  it("take zero where zero means none (free uses, prices) and numbers with spaces around them", () => {
    const s = parseSettings({ FREE_USES_PER_DEVICE_PER_DAY: "0", LLM_PRICE_CACHED_PER_1M: "0", GRADING_CONCURRENCY: " 4 " });
    expect(s.freeUses.perDevicePerDay).toBe(0);
    expect(s.llm.prices.cachedPer1M).toBe(0);
    expect(s.grading.concurrency).toBe(4);
  });

  it("choose among fixed words, case-insensitively (mode, captcha, payments)", () => {
    expect(parseSettings({ GRADING_MODE: "per_criterion" }).grading.mode).toBe("per-criterion");
    expect(parseSettings({ GRADING_MODE: "Per-Criterion" }).grading.mode).toBe("per-criterion");
    expect(parseSettings({ PAYMENTS_MODE: "TEST" }).payments.mode).toBe("test");
    expect(error({ PAYMENTS_MODE: "sandbox" })).toMatch(/PAYMENTS_MODE: expected one of test, live/);
    expect(parseSettings({ CAPTCHA_PROVIDER: "HCaptcha", CAPTCHA_VERIFIED_BY: "auth" }).captcha).toMatchObject({
      provider: "hcaptcha",
      verifiedBy: "auth",
    });
    expect(error({ CAPTCHA_PROVIDER: "recaptcha" })).toMatch(/CAPTCHA_PROVIDER: expected one of turnstile, hcaptcha/);
    expect(error({ CAPTCHA_VERIFIED_BY: "yes" })).toMatch(/CAPTCHA_VERIFIED_BY/);
  });

  it("read a comma list, dropping blanks", () => {
    expect(parseSettings({ ALLOWED_ORIGINS: " https://a.example , ,https://b.example," }).http.allowedOrigins).toEqual([
      "https://a.example",
      "https://b.example",
    ]);
  });

  it("cap one teacher at 3/8 of the fleet unless told otherwise (0 or none lifts it)", () => {
    expect(parseSettings({ GRADING_MAX_IN_FLIGHT: "16" }).grading.maxInFlightPerUser).toBe(6);
    expect(parseSettings({ GRADING_MAX_IN_FLIGHT: "2" }).grading.maxInFlightPerUser).toBe(1);
    expect(parseSettings({ GRADING_MAX_IN_FLIGHT_PER_USER: "5" }).grading.maxInFlightPerUser).toBe(5);
    expect(parseSettings({ GRADING_MAX_IN_FLIGHT_PER_USER: "0" }).grading.maxInFlightPerUser).toBeNull();
    expect(parseSettings({ GRADING_MAX_IN_FLIGHT_PER_USER: "None" }).grading.maxInFlightPerUser).toBeNull();
    expect(error({ GRADING_MAX_IN_FLIGHT_PER_USER: "lots" })).toMatch(/GRADING_MAX_IN_FLIGHT_PER_USER/);
  });

  it("take the platform's keys from the key dictionaries first, URLs without trailing slashes", () => {
    const s = parseSettings({
      SUPABASE_URL: "http://127.0.0.1:54321/",
      SUPABASE_SECRET_KEYS: '{"default":"sb_secret_x"}',
      SUPABASE_SERVICE_ROLE_KEY: "legacy",
      SUPABASE_DB_POOLER_URL: "postgres://pooler",
      TOSS_API_BASE: "https://toss.example//",
    });
    expect(s.supabase).toMatchObject({ url: "http://127.0.0.1:54321", serviceRoleKey: "sb_secret_x", dbPoolerUrl: "postgres://pooler" });
    expect(s.payments.apiBase).toBe("https://toss.example");
  });
});

describe(".env.example", () => {
  it("lists the function's defaults (and the local test payments mode)", () => {
    const lines = readFileSync(join(import.meta.dirname, "../../.env.example"), "utf8").split("\n");
    const env: Record<string, string> = {};
    for (const line of lines) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line);
      if (m && (SETTING_NAMES as string[]).includes(m[1])) env[m[1]] = m[2];
    }
    expect(Object.keys(env).length).toBeGreaterThanOrEqual(40);
    const base = parseSettings({});
    expect(parseSettings(env)).toEqual({ ...base, payments: { ...base.payments, mode: "test" } });
  });
});
