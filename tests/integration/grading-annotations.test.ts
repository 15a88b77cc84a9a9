// Inline annotations (첨삭 표시) end to end: real API, real Postgres, the worker under Deno, and the
// fake OpenAI-compatible grader (tests/fakes/llm.ts), which returns quotes that occur in the answer,
// an invented one, an overlapping one and one with a category the rubric lacks.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createMember, testSql } from "../helpers/users.ts";
import { useTeacherSession } from "../helpers/suite.ts";
import { readStack } from "../helpers/stack.ts";
import { asAuthenticated, fakeLlmRequests, FIXTURE_ESSAY as strong, submitEssay, waitForEnd } from "../helpers/grading.ts";
import { fakeAnnotations, INVENTED_QUOTE, UNKNOWN_CATEGORY } from "../fakes/llm.ts";
import { DEFAULT_RUBRIC, type Annotation, type ReportData } from "@shared/grading.ts";

const ctx = useTeacherSession({ other: createMember });
let submissionId: string;
let essaySent: string;

beforeAll(async () => {
  // Paragraph breaks with extra spaces and a tab: the model's quotes use single spaces.
  const essay = `${strong.replace("\n\n", " \n\t\n")}\n[[llm:ok:annotations]]`;
  submissionId = await submitEssay(ctx.teacher, ctx.sessionId, essay, { studentName: "이첨삭", studentId: "20240301" });
  expect((await waitForEnd(submissionId)).status).toBe("completed");
  const [req] = await fakeLlmRequests("ok:annotations");
  expect(req).toBeDefined();
  essaySent = /<<<STUDENT_ESSAY\n([\s\S]*)\nSTUDENT_ESSAY>>>/.exec(req!.user)![1];
}, 90_000);

describe("inline annotations of an AI-graded answer", () => {
  it("the report returns the question, the rubric, the answer, and annotations whose offsets slice the answer to the quote", async () => {
    const res = await api<ReportData>(`/submissions/${submissionId}/report`, { token: ctx.teacher.token });
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.question).toContain("청소년의 스마트폰");
    expect(r.rubric).toEqual(DEFAULT_RUBRIC);
    const [row] = await testSql()`select essay_content from public.essay_submissions where id = ${submissionId}`;
    expect(r.answer).toBe(row.essay_content);
    expect(r.answer).toContain(" \n\t\n");

    const { annotations: proposed, expectedKept } = fakeAnnotations(essaySent, DEFAULT_RUBRIC);
    expect(proposed.length).toBeGreaterThan(expectedKept.length);
    expect(r.annotations.length).toBe(expectedKept.length);
    expect(r.annotations.length).toBeGreaterThanOrEqual(3);
    let lastEnd = 0;
    for (const a of r.annotations) {
      expect(r.answer.slice(a.start, a.end)).toBe(a.quote);
      expect(a.start).toBeGreaterThanOrEqual(lastEnd);
      lastEnd = a.end;
      expect(a.source).toBe("ai");
      expect(["잘한 점", "고칠 점", "질문"]).toContain(a.kind);
      expect(DEFAULT_RUBRIC.map((c) => c.name)).toContain(a.category);
      if (a.kind !== "고칠 점") expect(a.rewrite).toBeNull();
    }
    expect(r.annotations.map((a) => a.quote.replace(/\s+/g, " "))).toEqual(expectedKept);
    // The quote written across the paragraph break matched the original's spaces, newline and tab.
    expect(r.annotations.some((a) => a.quote.includes(" \n\t\n"))).toBe(true);
    expect(r.annotations.some((a) => a.quote.includes(INVENTED_QUOTE))).toBe(false);
    expect(r.annotations.some((a: Annotation) => a.category === UNKNOWN_CATEGORY)).toBe(false);
  });

  it("the text download lists them, numbered with their quotes", async () => {
    const res = await fetch(`${readStack().apiUrl}/submissions/${submissionId}/report/download`, { headers: ctx.teacher.headers });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("[첨삭 표시]");
    expect(text).toMatch(/ {2}1\. \[잘한 점 · 논리 구조\] “최근 청소년의 스마트폰/);
    expect(text).toContain("[향후 개선 방안]");
  });

  it("another member cannot read them: the report is 404 and the row is invisible under RLS", async () => {
    const res = await api(`/submissions/${submissionId}/report`, { token: ctx.other.token });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain("annotations");
    const seen = async (userId: string) =>
      asAuthenticated(
        userId,
        async (tx) => {
          const rows =
            await tx`select jsonb_array_length(annotations) as n from public.analysis_results where submission_id = ${submissionId}`;
          return rows.map((x) => x.n as number);
        },
        { session_id: randomUUID() },
      );
    const mine = await seen(ctx.teacher.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toBeGreaterThanOrEqual(3);
    expect(await seen(ctx.other.user.id)).toEqual([]);
  });

  it("a member cannot write annotations of their own result", async () => {
    const err = await asAuthenticated(
      ctx.teacher.user.id,
      async (tx) => {
        await tx`update public.analysis_results set annotations = '[]'::jsonb where submission_id = ${submissionId}`;
      },
      { session_id: randomUUID() },
    ).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toMatch(/permission denied/);
  });
});
