// The LLM client against local fake OpenAI-compatible servers (real HTTP, real openai package).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "../fakes/llm.ts";
import { GradingError, llmClient, requestGrade, withRetries, type LlmConfig } from "../../supabase/functions/api/grading/llm.ts";
import { systemPrompt } from "../../supabase/functions/api/grading/prompts.ts";
import { DEFAULT_RUBRIC } from "@shared/grading.ts";

const fakes: FakeLlm[] = [];
const config = (fake: FakeLlm, model = "m"): LlmConfig => ({
  baseURL: fake.url,
  apiKey: "k",
  model,
  timeoutMs: 1500,
  maxAttempts: 3,
  backoffMs: 10,
});
const system = systemPrompt(DEFAULT_RUBRIC, "학교에서 스마트폰 사용을 제한해야 하는가?");

let plain: FakeLlm;
beforeAll(async () => {
  plain = await startFakeLlm();
  fakes.push(plain);
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.stop()));
});

describe("LLM client", () => {
  it("asks for strict JSON-schema output at temperature 0 and validates the answer", async () => {
    const cfg = config(plain);
    const grade = await requestGrade(DEFAULT_RUBRIC)(llmClient(cfg), cfg, system, "답안 [[llm:ok:client1]]");
    expect(grade.categories.map((c) => c.score)).toEqual([32, 24, 24]);
    const req = plain.requests.find((r) => r.marker === "ok:client1")!;
    expect(req.temperature).toBe(0);
    expect(req.responseFormat).toMatchObject({ type: "json_schema", json_schema: { strict: true } });
  });

  it("drops temperature for models that refuse it, and remembers that", async () => {
    const fake = await startFakeLlm({ rejectTemperature: true });
    fakes.push(fake);
    const cfg = config(fake, "reasoning-model");
    const grade = await requestGrade(DEFAULT_RUBRIC)(llmClient(cfg), cfg, system, "답안 [[llm:ok:t1]]");
    expect(grade.categories).toHaveLength(3);
    await requestGrade(DEFAULT_RUBRIC)(llmClient(cfg), cfg, system, "답안 [[llm:ok:t2]]");
    const sent = fake.requests.map((r) => [r.marker, r.temperature]);
    expect(sent).toEqual([
      ["ok:t1", 0],
      ["ok:t1", undefined],
      ["ok:t2", undefined],
    ]);
  });

  it("falls back to JSON mode with the schema in the instructions where json_schema is refused", async () => {
    const fake = await startFakeLlm({ rejectJsonSchema: true });
    fakes.push(fake);
    const cfg = config(fake);
    const grade = await requestGrade(DEFAULT_RUBRIC)(llmClient(cfg), cfg, system, "답안 [[llm:ok:j1]]");
    expect(grade.strengths.length).toBeGreaterThan(0);
    const last = fake.requests.at(-1)!;
    expect(last.responseFormat).toEqual({ type: "json_object" });
    expect(last.system).toContain("JSON 스키마");
    expect(last.system.startsWith(system)).toBe(true);
  });

  it("retries a 429 and a malformed answer, then gives up on a hang with a Korean timeout reason", async () => {
    const cfg = config(plain);
    const client = llmClient(cfg);
    await expect(withRetries(cfg, () => requestGrade(DEFAULT_RUBRIC)(client, cfg, system, "[[llm:429once:c2]]"))).resolves.toBeTruthy();
    await expect(
      withRetries(cfg, () => requestGrade(DEFAULT_RUBRIC)(client, cfg, system, "[[llm:malformed-once:c3]]")),
    ).resolves.toBeTruthy();
    const err = await withRetries({ ...cfg, maxAttempts: 2 }, () =>
      requestGrade(DEFAULT_RUBRIC)(client, cfg, system, "[[llm:hang:c4]]"),
    ).catch((e) => e);
    expect(err).toBeInstanceOf(GradingError);
    expect(err.message).toContain("시간이 초과");
    expect(plain.requests.filter((r) => r.marker === "hang:c4")).toHaveLength(2);
  }, 20_000);

  it("sends the schema without numeric bounds where the endpoint refuses them (Anthropic), and remembers that", async () => {
    const fake = await startFakeLlm({ rejectNumericBounds: true });
    fakes.push(fake);
    const cfg = config(fake, "bounds-refusing-model");
    const grade = await requestGrade(DEFAULT_RUBRIC)(llmClient(cfg), cfg, system, "답안 [[llm:ok:b1]]");
    expect(grade.categories.map((c) => c.name)).toEqual(DEFAULT_RUBRIC.map((c) => c.name));
    await requestGrade(DEFAULT_RUBRIC)(llmClient(cfg), cfg, system, "답안 [[llm:ok:b2]]");
    const bounded = fake.requests.map((r) => /"maximum"/.test(JSON.stringify(r.responseFormat)));
    expect(bounded).toEqual([true, false, false]);
    // Still a strict json_schema request, the bounds kept in the descriptions.
    expect(fake.requests[2].responseFormat).toMatchObject({ type: "json_schema", json_schema: { strict: true } });
    expect(JSON.stringify(fake.requests[2].responseFormat)).toContain("0점부터 40점까지");
  });
});
