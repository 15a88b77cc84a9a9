// The LLM client under a run deadline: calls get at most the time left, retries stop when no time
// is left, and running out of time is an OutOfTimeError (the job goes back to the queue), not a
// grading failure. Real HTTP against the fake OpenAI-compatible server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "../fakes/llm.ts";
import {
  callTimeoutMs,
  GradingError,
  llmClient,
  OutOfTimeError,
  requestGrade,
  withRetries,
  type LlmConfig,
} from "../../supabase/functions/api/grading/llm.ts";
import { systemPrompt } from "../../supabase/functions/api/grading/prompts.ts";
import { DEFAULT_RUBRIC } from "@shared/grading.ts";

let fake: FakeLlm;
const system = systemPrompt(DEFAULT_RUBRIC, "학교에서 스마트폰 사용을 제한해야 하는가?");
const config = (over: Partial<LlmConfig> = {}): LlmConfig => ({
  baseURL: fake.url,
  apiKey: "k",
  model: "m",
  timeoutMs: 30_000,
  maxAttempts: 3,
  backoffMs: 10,
  ...over,
});
const grade = (cfg: LlmConfig, marker: string) =>
  withRetries(cfg, () => requestGrade(DEFAULT_RUBRIC)(llmClient(cfg), cfg, system, `답안 [[llm:${marker}]]`));
const calls = (marker: string) => fake.requests.filter((r) => r.marker === marker).length;

beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(async () => {
  await fake.stop();
});

describe("LLM calls under a deadline", () => {
  it("shrinks a call's timeout to the time left", () => {
    const now = 1_000_000;
    expect(callTimeoutMs(config({ timeoutMs: 60_000 }), now)).toBe(60_000);
    expect(callTimeoutMs(config({ timeoutMs: 60_000, deadline: now + 7_000 }), now)).toBe(7_000);
    expect(callTimeoutMs(config({ timeoutMs: 5_000, deadline: now + 7_000 }), now)).toBe(5_000);
    expect(callTimeoutMs(config({ deadline: now - 10 }), now)).toBe(0);
  });

  it("ends a hanging call at the deadline with OutOfTimeError, not after LLM_TIMEOUT_MS, and closes it", async () => {
    const err = await grade(config({ deadline: Date.now() + 1_500 }), "hang:dl-unit").catch((e) => e);
    expect(err).toBeInstanceOf(OutOfTimeError);
    expect(err.afterFailure).toBe(false);
    // One call, no retry, and the hung connection was given up by the client.
    expect(calls("hang:dl-unit")).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(fake.hanging()).toBe(0);
  });

  it("does not start a call with less than the minimum time left", async () => {
    const err = await grade(config({ deadline: Date.now() + 200 }), "ok:dl-late").catch((e) => e);
    expect(err).toBeInstanceOf(OutOfTimeError);
    expect(calls("ok:dl-late")).toBe(0);
  });

  it("stops retrying when the backoff would not leave time for another call", async () => {
    const err = await grade(config({ backoffMs: 10_000, deadline: Date.now() + 3_000 }), "500once:dl-retry").catch((e) => e);
    expect(err).toBeInstanceOf(OutOfTimeError);
    expect(err.afterFailure).toBe(true);
    expect(calls("500once:dl-retry")).toBe(1);
  });

  it("aborts a call in flight when the worker's signal fires", async () => {
    const abort = new AbortController();
    const pending = grade(config({ signal: abort.signal, deadline: Date.now() + 60_000 }), "hang:dl-abort").catch((e) => e);
    while (calls("hang:dl-abort") === 0) await new Promise((r) => setTimeout(r, 10));
    abort.abort();
    expect(await pending).toBeInstanceOf(OutOfTimeError);
    expect(calls("hang:dl-abort")).toBe(1);
  });

  it("without a deadline, a timeout is still a retryable grading failure (unchanged)", async () => {
    const err = await grade(config({ timeoutMs: 300, maxAttempts: 2 }), "hang:dl-none").catch((e) => e);
    expect(err).toBeInstanceOf(GradingError);
    expect(err.message).toMatch(/시간이 초과/);
    expect(calls("hang:dl-none")).toBe(2);
  });
});
