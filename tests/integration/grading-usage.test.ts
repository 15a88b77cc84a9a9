// Cost in view: every model call's usage (tokens in/out/cached from the provider, latency) is
// recorded in public.grading_usage by the worker with its purpose (grading, transcription of a
// photographed answer); only admins read it, per day, per teacher and per purpose with the
// configured prices (GET /api/admin/usage). Real worker under Deno against the fake LLM.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api, createAdmin, testSql, type TestUser } from "../helpers/users.ts";
import { asAuthenticated, fakeLlmRequests, FIXTURE_ESSAY as strong, submitEssay, submitScan, waitForEnd } from "../helpers/grading.ts";
import { useTeacherSession } from "../helpers/suite.ts";
import { fakeTokens } from "../fakes/llm.ts";

const submit = (user: TestUser, sessionId: string, essay: string) =>
  submitEssay(user, sessionId, essay, { studentName: "홍길동", studentId: "20240101" });

const ctx = useTeacherSession({ admin: createAdmin });

describe("grading usage", () => {
  it("records each call's tokens from the provider's usage, failed outputs included", async () => {
    const ok = await submit(ctx.teacher, ctx.sessionId, `${strong}\n[[llm:ok:usage-${randomUUID()}]]`);
    const bad = await submit(ctx.teacher, ctx.sessionId, `${strong}\n[[llm:malformed-once:usage-${randomUUID()}]]`);
    expect((await waitForEnd(ok)).status).toBe("completed");
    expect((await waitForEnd(bad)).status).toBe("completed");
    const sql = testSql();
    const rows = await sql`select * from public.grading_usage where submission_id = ${ok}`;
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row.user_id).toBe(ctx.teacher.user.id);
    expect(row.mode).toBe("holistic");
    expect(row.call_kind).toBe("holistic");
    expect(row.model).toBe("fake-grader");
    const [okSub] = await sql`select essay_content from public.essay_submissions where id = ${ok}`;
    const marker = /\[\[llm:([^\]]+)\]\]/.exec(okSub.essay_content)![1];
    const [req] = await fakeLlmRequests(marker);
    expect(row.prompt_tokens).toBe(fakeTokens(req.system) + fakeTokens(req.user));
    expect(row.completion_tokens).toBeGreaterThan(50);
    expect(row.cached_tokens).toBeLessThanOrEqual(row.prompt_tokens);
    // the rejected (malformed) answer was paid for too
    expect(await sql`select 1 from public.grading_usage where submission_id = ${bad}`).toHaveLength(2);
  });

  it("records a photographed answer's reading as a transcription call, apart from its grading", async () => {
    const id = await submitScan(ctx.teacher, ctx.sessionId);
    expect((await waitForEnd(id)).status).toBe("completed");
    const rows = await testSql()`
      select purpose, call_kind, model, prompt_tokens, completion_tokens, user_id
        from public.grading_usage where submission_id = ${id} order by id`;
    // the read (at upload) is recorded first, then the grading of the text it gave
    expect(rows.map((r) => [r.purpose, r.call_kind])).toEqual([
      ["transcription", "transcription"],
      ["grading", "holistic"],
    ]);
    const [read] = rows;
    expect(read.user_id).toBe(ctx.teacher.user.id);
    expect(read.model).toBe("fake-grader");
    expect(read.prompt_tokens).toBeGreaterThan(0);
    expect(read.completion_tokens).toBeGreaterThan(0);

    const usage = await api("/admin/usage", { token: ctx.admin.token });
    expect(usage.status).toBe(200);
    const transcription = usage.body.purposes.find((p: { purpose: string }) => p.purpose === "transcription");
    expect(transcription.calls).toBeGreaterThanOrEqual(1);
    expect(transcription.cost).toBeGreaterThan(0);
    const perPurpose = usage.body.purposes.reduce((n: number, p: { calls: number }) => n + p.calls, 0);
    expect(perPurpose).toBe(usage.body.total.calls);
    // a purpose that is not one of the known ones is refused by the table
    await expect(testSql()`insert into public.grading_usage (purpose, mode, call_kind, model)
                           values ('ocr', 'holistic', 'holistic', 'x')`).rejects.toMatchObject({ code: "23514" });
  });

  it("is readable by admins only: RLS and the admin route", async () => {
    const count = (id: string) =>
      asAuthenticated(id, async (tx) => {
        const [r] = await tx`select count(*)::int as n from public.grading_usage`;
        return r.n as number;
      });
    expect(await count(ctx.teacher.user.id)).toBe(0);
    expect(await count(ctx.admin.user.id)).toBeGreaterThan(0);
    await expect(
      asAuthenticated(ctx.teacher.user.id, async (tx) => {
        await tx`insert into public.grading_usage (mode, call_kind, model) values ('holistic', 'holistic', 'x')`;
      }),
    ).rejects.toMatchObject({ code: "42501" });

    expect((await api("/admin/usage", { token: ctx.teacher.token })).status).toBe(403);
    const res = await api("/admin/usage", { token: ctx.admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.prices.currency).toBe("USD");
    const mine = res.body.teachers.find((t: { userId: string }) => t.userId === ctx.teacher.user.id);
    const [sums] = await testSql()`
      select count(distinct submission_id) filter (where purpose = 'grading')::int as essays, sum(prompt_tokens)::int as p,
             sum(completion_tokens)::int as c, sum(cached_tokens)::int as k
        from public.grading_usage where user_id = ${ctx.teacher.user.id}`;
    expect(mine).toMatchObject({ essays: sums.essays, promptTokens: sums.p, completionTokens: sums.c, cachedTokens: sums.k });
    const { inputPer1M, outputPer1M, cachedPer1M } = res.body.prices;
    const expected = ((sums.p - sums.k) * inputPer1M + sums.k * cachedPer1M + sums.c * outputPer1M) / 1e6;
    expect(mine.cost).toBeCloseTo(expected, 6);
    expect(res.body.days.length).toBeGreaterThan(0);
    expect(res.body.total.calls).toBeGreaterThanOrEqual(3);
    const holistic = res.body.modes.find((m: { mode: string }) => m.mode === "holistic");
    expect(holistic.perEssay.promptTokens).toBeGreaterThan(0);

    for (const q of ["from=2026-13-01", "from=yesterday", "from=2026-01-10&to=2026-01-01", "from=2020-01-01&to=2026-01-01"]) {
      const bad = await api(`/admin/usage?${q}`, { token: ctx.admin.token });
      expect(bad.status, q).toBe(400);
      expect(bad.body.error ?? bad.body.message).toMatch(/조회 기간/);
    }
  });
});
