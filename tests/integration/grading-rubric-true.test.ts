// The model's output bound to the rubric, end to end through the real worker (Deno) and the fake
// model (tests/fakes/llm.ts): the schema sent is built from the session's rubric; a renamed or
// omitted category, or an annotation labelled outside the rubric, is asked for once more; a
// category still missing is flagged 확인 필요 with its name — never a silent 0 in a total that
// pretends to be whole. (Per-criterion mode and k samples: grading-mechanics.test.ts.)
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api, testSql } from "../helpers/users.ts";
import { useTeacherSession } from "../helpers/suite.ts";
import { fakeLlmRequests, FIXTURE_ESSAY, submitEssay, waitForEnd } from "../helpers/grading.ts";
import { UNKNOWN_CATEGORY } from "../fakes/llm.ts";
import { DEFAULT_RUBRIC, type ReportData } from "@shared/grading.ts";
import type { Submission } from "@shared/types.ts";

const ctx = useTeacherSession();

/** Grades FIXTURE_ESSAY with the fake's `behaviour`; the report, the list item and the model calls it made. */
async function grade(behaviour: string) {
  const marker = behaviour.includes(":") ? behaviour : `${behaviour}:${randomUUID()}`;
  const id = await submitEssay(ctx.teacher, ctx.sessionId, `${FIXTURE_ESSAY}\n[[llm:${marker}]]`, { studentName: "김확인" });
  const end = await waitForEnd(id);
  expect(end.status, end.progress_message).toBe("completed");
  const report = (await api<ReportData>(`/submissions/${id}/report`, { token: ctx.teacher.token })).body;
  const list = (await api<Submission[]>(`/sessions/${ctx.sessionId}/submissions`, { token: ctx.teacher.token })).body;
  const [row] = await testSql()`select needs_review_reason from public.analysis_results where submission_id = ${id}`;
  return {
    id,
    report,
    item: list.find((s) => s.id === id)!,
    reason: row.needs_review_reason as string | null,
    calls: await fakeLlmRequests(marker),
  };
}

const points = (ratio: number) => DEFAULT_RUBRIC.map((c) => Math.round(c.maxScore * ratio * 10) / 10);

describe("rubric-true model output (holistic, through the worker)", () => {
  it("sends a schema built from the session's rubric: one required, bounded entry per category, enums for annotations", async () => {
    const { report, reason, calls } = await grade("ok");
    expect(calls).toHaveLength(1);
    const schema = calls[0].responseFormat.json_schema!.schema as {
      properties: {
        categories: { properties: Record<string, { properties: { score: object } }>; required: string[] };
        annotations: { items: { properties: { category: { enum: string[] } } } };
      };
    };
    expect(schema.properties.categories.required).toEqual(DEFAULT_RUBRIC.map((c) => c.name));
    for (const c of DEFAULT_RUBRIC) {
      expect(schema.properties.categories.properties[c.name].properties.score).toMatchObject({ minimum: 0, maximum: c.maxScore });
    }
    expect(schema.properties.annotations.items.properties.category.enum).toEqual(DEFAULT_RUBRIC.map((c) => c.name));
    expect(report.categories.map((c) => c.score)).toEqual(points(0.8));
    expect(report.flags).not.toContain("missing_category");
    expect(reason).toBeNull();
  });

  it("a renamed category is asked for once more, and the second answer is graded whole", async () => {
    const { report, item, reason, calls } = await grade("rename-once");
    expect(calls).toHaveLength(2);
    expect(report.categories.map((c) => c.name)).toEqual(DEFAULT_RUBRIC.map((c) => c.name));
    expect(report.categories.map((c) => c.score)).toEqual(points(0.8));
    expect(report.categories.some((c) => c.missing)).toBe(false);
    expect(report.flags).not.toContain("missing_category");
    expect(reason).toBeNull();
    expect(item.result?.needsReviewReason ?? null).toBeNull();
  });

  it("a category omitted twice is flagged 확인 필요 with its name: no feedback pretending, the total says what it lacks", async () => {
    const omitted = DEFAULT_RUBRIC[1].name;
    const { report, item, reason, calls } = await grade(`omit:${omitted}`);
    expect(calls).toHaveLength(2);
    const cat = report.categories.find((c) => c.name === omitted)!;
    expect(cat.missing).toBe(true);
    expect(cat.feedback).not.toContain("세부 피드백이 제공되지 않았습니다");
    expect(cat.feedback).toContain("교사가 확인해 점수를 입력");
    expect(report.flags).toContain("missing_category");
    expect(report.flagLabels.join(" ")).toContain("확인 필요");
    expect(reason).toContain(omitted);
    expect(reason).toContain("총점에는 이 항목이 빠져");
    expect(report.improvementAreas).toContain(reason);
    // The list row carries the flag and the reason (the 확인 필요 badge).
    expect(item.result?.flags).toContain("missing_category");
    expect(item.result?.needsReviewReason).toBe(reason);
    // The other categories keep their scores; the total is theirs alone.
    const others = report.categories.filter((c) => c.name !== omitted);
    expect(others.map((c) => c.score)).toEqual([32, 24]);
    expect(report.overallScore).toBe(56);
  });

  it("an annotation labelled outside the rubric is asked for once more; the second answer's marks are kept", async () => {
    const once = await grade("badcat-once");
    expect(once.calls).toHaveLength(2);
    expect(once.report.annotations.length).toBeGreaterThanOrEqual(3);
    expect(once.report.flags).not.toContain("missing_category");

    // Still outside the rubric on the second answer: those marks are dropped, the rest kept, nothing flagged.
    const always = await grade("badcat");
    expect(always.calls).toHaveLength(2);
    expect(always.report.annotations.length).toBeGreaterThanOrEqual(3);
    expect(always.report.annotations.some((a) => a.category === UNKNOWN_CATEGORY)).toBe(false);
    expect(always.report.categories.map((c) => c.score)).toEqual(points(0.8));
  });
});
