// The grading mechanics end to end through the real worker (Deno) against a fake LLM that records
// every request, on a stack of its own set to GRADING_MODE=per-criterion and GRADING_SAMPLES=3 (the
// shared stack grades holistically, once):
//   * anchor answers (기준 답안) are in the fixed prefix (system message) of every call, identical
//     across the calls of a session, and never in the user message (the student's answer alone);
//   * each per-criterion prompt carries only its own category (and the anchors' scores in it);
//   * k = 3 samples: each category's score is the median of the samples (not the mean), and
//     samples further apart than 10 % of the points give 확인 필요;
//   * every call's usage is recorded in grading_usage (mode, kind, tokens, cached tokens).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { fakeTokens, jitterRatio } from "../fakes/llm.ts";
import { RELAXED_RATE_LIMITS } from "../helpers/own-stack.ts";
import { useOwnStack } from "../helpers/suite.ts";
import { api, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { FIXTURE_ESSAY, FIXTURE_MEDIUM, FIXTURE_PROMPT, FIXTURE_WEAK, waitForEnd as waitForGraded } from "../helpers/grading.ts";

const CRITERIA = "1. 논리 구조 (30점)\n2. 근거의 타당성 (30점)\n3. 언어 표현 (20점)\n4. 독창성 (20점)\n";
const RUBRIC = [
  { name: "논리 구조", max: 30 },
  { name: "근거의 타당성", max: 30 },
  { name: "언어 표현", max: 20 },
  { name: "독창성", max: 20 },
];
const CRITERION_HEADING = "## 이번에 채점할 항목";
const OVERALL_HEADING = "## 종합 피드백 작성";
const ANCHORS_HEADING = "## 기준 답안 (교사가 채점한 예시)";
const JITTER = 0.05;

const prompt = FIXTURE_PROMPT;
const strong = FIXTURE_ESSAY;
const medium = FIXTURE_MEDIUM;
const weak = FIXTURE_WEAK;
let teacher: TestUser;
let sessionId: string;

const own = useOwnStack({
  latencyMs: 0,
  dataDirPrefix: "essay-mechanics-",
  llmApiKey: "mechanics-key",
  env: {
    LLM_BACKOFF_MS: "50",
    GRADING_MODE: "per-criterion",
    GRADING_SAMPLES: "3",
    ...RELAXED_RATE_LIMITS,
  },
});

beforeAll(async () => {
  teacher = await createMember();
  const form = new FormData();
  form.append("promptFile", new File([prompt], "문제.txt", { type: "text/plain" }));
  form.append("criteriaFile", new File([CRITERIA], "기준.txt", { type: "text/plain" }));
  const res = await api("/sessions", { token: teacher.token, form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  sessionId = res.body.id;
  const anchors = [
    {
      content: `[기준A] ${strong}`,
      totalScore: 90,
      categoryScores: [
        { name: "논리 구조", score: 27 },
        { name: "독창성", score: 17 },
      ],
    },
    { content: `[기준B] ${weak}`, totalScore: 40, categoryScores: [{ name: "언어 표현", score: 9 }] },
  ];
  for (const json of anchors) {
    const a = await api(`/sessions/${sessionId}/anchors`, { token: teacher.token, json });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
  }
}, 60_000);

describe("per-criterion grading with 3 samples and anchor answers, through the worker", () => {
  let submissionId = "";
  let marker = "";

  beforeAll(async () => {
    marker = `jitter:${JITTER}:${randomUUID()}`;
    const res = await api(`/sessions/${sessionId}/submissions`, {
      token: teacher.token,
      json: { essayContent: `${medium}\n[[llm:${marker}]]`, studentName: "홍길동", studentId: "1" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    submissionId = res.body.id ?? res.body.submission?.id;
    expect((await waitForGraded(submissionId, 60_000)).status).toBe("completed");
  }, 90_000);

  const mine = () => own.llm.requests.filter((r) => r.marker === marker);

  it("sends k × (one call per category + one overall) calls", () => {
    const calls = mine();
    expect(calls).toHaveLength(3 * (RUBRIC.length + 1));
    expect(calls.filter((r) => r.system.includes(OVERALL_HEADING))).toHaveLength(3);
    expect(calls.filter((r) => r.system.includes(CRITERION_HEADING))).toHaveLength(3 * RUBRIC.length);
  });

  it("puts the anchors in the shared fixed prefix of every call and never in the user message", () => {
    const calls = mine();
    const prefixes = new Set(calls.map((r) => r.system.split(r.system.includes(OVERALL_HEADING) ? OVERALL_HEADING : CRITERION_HEADING)[0]));
    expect(prefixes.size).toBe(1); // one cacheable prefix for every call of the session
    const [prefix] = [...prefixes];
    expect(prefix).toContain(ANCHORS_HEADING);
    expect(prefix).toContain("[기준A]");
    expect(prefix).toContain("[기준B]");
    expect(prefix).toContain("선생님 채점 총점: 90점 / 만점 100점");
    // The prefix names no category: the anchors' category scores go to each category's own call.
    for (const c of RUBRIC) expect(prefix).not.toContain(c.name);
    const users = new Set(calls.map((r) => r.user));
    expect(users.size).toBe(1);
    const [user] = [...users];
    expect(user).toContain("<<<STUDENT_ESSAY");
    expect(user).not.toContain("[기준A]");
    expect(user).not.toContain("[기준B]");
    expect(user).not.toContain("ANCHOR_ANSWER");
    expect(user).not.toContain("기준 답안");
  });

  it("gives each per-criterion prompt only its own category, with the anchors' scores in it only", () => {
    const criteria = mine().filter((r) => r.system.includes(CRITERION_HEADING));
    for (const c of RUBRIC) {
      const own = criteria.filter((r) => r.system.split(CRITERION_HEADING)[1].includes(`1. ${c.name} (${c.max}점)`));
      expect(own, c.name).toHaveLength(3);
      for (const r of own) {
        const task = r.system.split(CRITERION_HEADING)[1];
        for (const o of RUBRIC.filter((x) => x.name !== c.name)) expect(r.system, `${c.name} prompt names ${o.name}`).not.toContain(o.name);
        expect(task.match(/^\d+\.\s/gm)).toHaveLength(1);
        const anchorLines = task.split("\n").filter((l) => l.startsWith("- 기준 답안"));
        const expected = {
          "논리 구조": ["- 기준 답안 1의 이 항목 점수: 27점 / 30점"],
          "근거의 타당성": [],
          "언어 표현": ["- 기준 답안 2의 이 항목 점수: 9점 / 20점"],
          독창성: ["- 기준 답안 1의 이 항목 점수: 17점 / 20점"],
        }[c.name];
        expect(anchorLines).toEqual(expected);
      }
    }
  });

  it("keeps each category's median of the 3 samples (not the mean) and flags the disagreement", async () => {
    const report = await api(`/submissions/${submissionId}/report`, { token: teacher.token });
    expect(report.status).toBe(200);
    const ratios = [1, 2, 3].map((n) => jitterRatio(JITTER, n)); // 0.7, 0.75, 0.55
    const medianRatio = [...ratios].sort()[1];
    const meanRatio = ratios.reduce((a, b) => a + b, 0) / 3;
    expect(medianRatio).not.toBeCloseTo(meanRatio, 2);
    const round1 = (x: number) => Math.round(x * 10) / 10;
    expect(report.body.categories.map((c: { name: string; score: number }) => [c.name, c.score])).toEqual(
      RUBRIC.map((c) => [c.name, round1(c.max * medianRatio)]),
    );
    expect(report.body.overallScore).toBe(round1(RUBRIC.reduce((s, c) => s + round1(c.max * medianRatio), 0)));
    // 0.55 to 0.75 of the points is more than 10 % apart: 확인 필요, with the sample scores kept.
    expect(report.body.flags).toContain("needs_check");
    const [row] = await testSql()`select category_scores from public.analysis_results where submission_id = ${submissionId}`;
    const logic = row.category_scores.find((c: { name: string }) => c.name === "논리 구조");
    expect([...logic.sampleScores].sort()).toEqual(ratios.map((r) => round1(30 * r)).sort());
    expect(report.body.anchorsUsed).toBe(2);
  });

  it("records every call's usage in grading_usage, with the cached prefix", async () => {
    const rows = await testSql()`
      select mode, call_kind, model, prompt_tokens, completion_tokens, cached_tokens, user_id
        from public.grading_usage where submission_id = ${submissionId}`;
    expect(rows).toHaveLength(3 * (RUBRIC.length + 1));
    expect(new Set(rows.map((r) => r.mode))).toEqual(new Set(["per-criterion"]));
    expect(rows.filter((r) => r.call_kind === "criterion")).toHaveLength(3 * RUBRIC.length);
    expect(rows.filter((r) => r.call_kind === "overall")).toHaveLength(3);
    expect(rows.every((r) => r.user_id === teacher.user.id && r.model === "fake-grader")).toBe(true);
    const billed = mine()
      .map((r) => fakeTokens(r.system) + fakeTokens(r.user))
      .sort((a, b) => a - b);
    expect(rows.map((r) => r.prompt_tokens).sort((a, b) => a - b)).toEqual(billed);
    expect(rows.every((r) => r.completion_tokens > 0 && r.cached_tokens <= r.prompt_tokens)).toBe(true);
    // The anchors make the prefix long enough to be cached: the repeated prompts are served from the cache.
    expect(rows.filter((r) => r.cached_tokens > 0).length).toBeGreaterThanOrEqual(2 * (RUBRIC.length + 1));
  });
});

describe("rubric-true output in per-criterion mode with 3 samples, through the worker", () => {
  /** Grades `essay` with the fake's `behaviour`; the stored result and the calls it made. */
  async function gradeWith(behaviour: string) {
    const marker = `${behaviour}${behaviour.includes(":") ? "" : `:${randomUUID()}`}`;
    const res = await api(`/sessions/${sessionId}/submissions`, {
      token: teacher.token,
      json: { essayContent: `${medium}\n[[llm:${marker}]]`, studentName: "확인필요", studentId: "9" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as string;
    expect((await waitForGraded(id, 60_000)).status).toBe("completed");
    const [row] = await testSql()`
      select category_scores, flags, overall_score, needs_review_reason from public.analysis_results where submission_id = ${id}`;
    return { row, calls: own.llm.requests.filter((r) => r.marker === marker) };
  }

  it("a category whose call gives no score is asked once more per sample, then flagged 확인 필요 with its name", async () => {
    const { row, calls } = await gradeWith(`omit:독창성`);
    const own = calls.filter((r) => r.system.includes(CRITERION_HEADING) && r.system.split(CRITERION_HEADING)[1].includes("독창성"));
    expect(own).toHaveLength(3 * 2);
    expect(calls.filter((r) => r.system.includes(OVERALL_HEADING))).toHaveLength(3);
    const cat = row.category_scores.find((c: { name: string }) => c.name === "독창성");
    expect(cat.missing).toBe(true);
    expect(cat.score).toBe(0);
    expect(row.flags).toContain("missing_category");
    expect(row.needs_review_reason).toContain("독창성");
    // The total is the scored categories' alone (80 % of 30 + 30 + 20), not a whole grade.
    expect(Number(row.overall_score)).toBe(64);
  }, 90_000);

  it("an overall answer labelling marks outside the rubric is asked once more per sample; nothing is flagged", async () => {
    const { row, calls } = await gradeWith("badcat");
    expect(calls.filter((r) => r.system.includes(OVERALL_HEADING))).toHaveLength(3 * 2);
    expect(calls.filter((r) => r.system.includes(CRITERION_HEADING))).toHaveLength(3 * RUBRIC.length);
    expect(row.flags).not.toContain("missing_category");
    expect(row.needs_review_reason).toBeNull();
  }, 90_000);
});
