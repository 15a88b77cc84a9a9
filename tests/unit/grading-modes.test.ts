// Grading modes against the fake OpenAI-compatible server (real HTTP, real openai package):
// per-criterion prompts carry only their own category, k samples give the per-category median with
// a "확인 필요" hint where they disagree, and every call's usage is reported.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeCachedTokens, fakeTokens, startFakeLlm, type FakeLlm } from "../fakes/llm.ts";
import { llmClient, type CallUsage, type LlmConfig } from "../../supabase/functions/api/grading/llm.ts";
import { gradeWithModel, type GradingMode } from "../../supabase/functions/api/grading/modes.ts";
import { median, precheck } from "../../supabase/functions/api/grading/grade.ts";
import type { RubricCategory } from "@shared/grading.ts";

const rubric: RubricCategory[] = [
  { name: "논리 구조", maxScore: 40, description: "서론·본론·결론의 짜임과 일관성" },
  { name: "근거의 타당성", maxScore: 30, description: "근거와 사례가 주장을 뒷받침하는 정도" },
  { name: "언어 표현", maxScore: 30, description: "맞춤법과 띄어쓰기, 문장 구성" },
];
const question = "학교에서 스마트폰 사용을 제한해야 하는가? 600자 내외로 논하시오.";
const essayBody =
  "학교에서 스마트폰 사용을 제한해야 한다고 생각한다. 수업 시간에 스마트폰을 쓰면 집중력이 떨어지기 때문이다.\n\n" +
  "실제로 여러 연구에서 스마트폰 알림이 학습 효율을 낮춘다는 결과가 나왔다. 또한 쉬는 시간에도 친구와 대화하는 시간이 줄어든다.\n\n" +
  "물론 비상 연락이 필요하다는 반론이 있다. 그러나 학교 전화와 보관함 제도로 충분히 해결할 수 있다. 따라서 학교에서 스마트폰 사용을 제한해야 한다.";

let fake: FakeLlm;
let cfg: LlmConfig;
beforeAll(async () => {
  fake = await startFakeLlm();
  cfg = { baseURL: fake.url, apiKey: "k", model: "m", timeoutMs: 5000, maxAttempts: 2, backoffMs: 10 };
});
afterAll(() => fake.stop());

async function grade(mode: GradingMode, samples: number, marker: string, q = question) {
  const essay = `${essayBody} [[llm:${marker}]]`;
  const pre = precheck({ essay, question: q, rubric });
  expect(pre.immediate).toBeNull();
  const usage: CallUsage[] = [];
  const before = fake.requests.length;
  const result = await gradeWithModel({
    client: llmClient(cfg),
    cfg,
    rubric,
    question: q,
    pre,
    mode,
    samples,
    onUsage: (u) => usage.push(u),
  });
  return { result, usage, requests: fake.requests.slice(before) };
}

describe("settings", () => {
  it("takes the median of the samples (GRADING_MODE and GRADING_SAMPLES are parsed in tests/unit/settings.test.ts)", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});

describe("per-criterion mode", () => {
  it("sends one call per category carrying only that category, plus one overall call", async () => {
    const { result, usage, requests } = await grade("per-criterion", 1, "score:0.5");
    expect(requests).toHaveLength(rubric.length + 1);
    const criterion = requests.filter((r) => r.system.includes("## 이번에 채점할 항목"));
    expect(criterion).toHaveLength(rubric.length);
    for (const c of rubric) {
      const mine = criterion.filter((r) => r.system.includes(`${c.name} (${c.maxScore}점)`));
      expect(mine, c.name).toHaveLength(1);
      expect(mine[0].system).toContain(c.description!);
      for (const other of rubric.filter((o) => o !== c)) {
        expect(mine[0].system).not.toContain(other.name);
        expect(mine[0].system).not.toContain(other.description!);
      }
    }
    const overall = requests.filter((r) => r.system.includes("## 종합 피드백 작성"));
    expect(overall).toHaveLength(1);
    for (const c of rubric) expect(overall[0].system).not.toContain(c.description!);
    // every prompt starts with the same prefix (the provider's prompt cache applies to it)
    const prefix = requests[0].system.split("## 이번에 채점할 항목")[0].split("## 종합 피드백 작성")[0];
    expect(prefix.length).toBeGreaterThan(100);
    for (const r of requests) expect(r.system.startsWith(prefix)).toBe(true);

    expect(result.categoryScores.map((c) => c.score)).toEqual([20, 15, 15]);
    expect(result.overallScore).toBe(50);
    expect(result.strengths.length).toBeGreaterThan(0);
    expect(result.annotations.length).toBeGreaterThan(0);
    expect(usage.map((u) => u.kind).sort()).toEqual(["criterion", "criterion", "criterion", "overall"]);
  });
});

describe("samples", () => {
  it.each(["holistic", "per-criterion"] as const)("%s: keeps the per-category median of k samples and flags disagreement", async (mode) => {
    const { result, requests } = await grade(mode, 3, `jitter:0.1:${mode}`);
    expect(requests).toHaveLength(mode === "holistic" ? 3 : 3 * (rubric.length + 1));
    // samples at 0.7, 0.8 and 0.4 of the points: the median is 0.7 (the mean would be 0.633)
    expect(result.categoryScores.map((c) => c.score)).toEqual([28, 21, 21]);
    expect(result.overallScore).toBe(70);
    expect(result.flags).toContain("needs_check");
    expect(result.categoryScores[0].sampleScores?.slice().sort((a, b) => a - b)).toEqual([16, 28, 32]);
    expect(result.improvementAreas.some((s) => s.includes("확인"))).toBe(true);
  });

  it("samples that agree give no hint, and a re-grade gives the same result", async () => {
    const a = await grade("holistic", 3, "jitter:0.02:same");
    const b = await grade("holistic", 3, "jitter:0.02:same");
    expect(a.result.flags).not.toContain("needs_check");
    expect(a.result.categoryScores.every((c) => c.sampleScores === undefined)).toBe(true);
    expect(b.result).toEqual(a.result);
  });
});

describe("usage", () => {
  it("reports the provider's tokens in/out and cached tokens per call", async () => {
    const first = await grade("holistic", 1, "score:0.6:usage");
    expect(first.usage).toHaveLength(1);
    const [u] = first.usage;
    const req = first.requests[0];
    expect(u.kind).toBe("holistic");
    expect(u.model).toBe("m");
    expect(u.promptTokens).toBe(fakeTokens(req.system) + fakeTokens(req.user));
    expect(u.completionTokens).toBeGreaterThan(50);
    expect(u.latencyMs).toBeGreaterThanOrEqual(0);
    // a short system prompt is not cached; a long one seen before is (from 1,024 tokens on)
    const again = await grade("holistic", 1, "score:0.6:usage2");
    expect(again.usage[0].cachedTokens).toBe(0);
    const longQuestion = `${question}\n${"제시문: 청소년의 스마트폰 사용 시간은 해마다 늘고 있으며 학습과 관계에 영향을 준다. ".repeat(40)}`;
    await grade("holistic", 1, "score:0.6:usage3", longQuestion);
    const cached = await grade("holistic", 1, "score:0.6:usage4", longQuestion);
    expect(cached.usage[0].cachedTokens).toBe(fakeCachedTokens(cached.requests[0].system));
    expect(cached.usage[0].cachedTokens).toBeGreaterThanOrEqual(1024);
  });
});
