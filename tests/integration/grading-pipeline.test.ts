// The grading pipeline end to end: real API, real Postgres queue, real worker under Deno, and a
// local fake OpenAI-compatible server (tests/fakes/llm.ts) standing in for the provider.
import { describe, expect, it } from "vitest";
import { api, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { readStack } from "../helpers/stack.ts";
import { FAKE_TRANSCRIPTION } from "../fakes/llm.ts";
import { createSession, fakeLlmRequests, FIXTURE_ESSAY as strong, submitEssay, submitScan, waitForEnd } from "../helpers/grading.ts";
import { useTeacherSession } from "../helpers/suite.ts";

const submit = (user: TestUser, sessionId: string, essay: string, studentName = "홍길동") =>
  submitEssay(user, sessionId, essay, { studentName, studentId: "20240101" });

async function tick() {
  const { supabaseUrl, gradingTickSecret } = readStack();
  const res = await fetch(`${supabaseUrl}/functions/v1/api/internal/tick`, {
    method: "POST",
    headers: { Authorization: `Bearer ${gradingTickSecret}` },
  });
  expect(res.status).toBe(202);
  await res.body?.cancel();
}

async function usage(user: TestUser): Promise<number> {
  const res = await api("/usage/status", { token: user.token });
  return res.body.usage.current;
}

const ctx = useTeacherSession();

describe("grading with an OpenAI-compatible provider", () => {
  it("stores exactly what the model returned, after validation", async () => {
    const id = await submit(ctx.teacher, ctx.sessionId, `${strong}\n[[llm:ok:store]]`);
    const row = await waitForEnd(id);
    expect(row.status).toBe("completed");
    expect(row.progress).toBe(100);

    const report = await api(`/submissions/${id}/report`, { token: ctx.teacher.token });
    expect(report.status).toBe(200);
    expect(report.body.categories).toEqual([
      { name: "논리 구조", score: 32, maxScore: 40, feedback: "논리 구조 항목은 주장과 근거의 연결이 대체로 자연스럽습니다." },
      { name: "근거의 타당성", score: 24, maxScore: 30, feedback: "근거의 타당성 항목은 주장과 근거의 연결이 대체로 자연스럽습니다." },
      { name: "언어 표현", score: 24, maxScore: 30, feedback: "언어 표현 항목은 주장과 근거의 연결이 대체로 자연스럽습니다." },
    ]);
    expect(report.body.overallScore).toBe(80);
    expect(report.body.maxScore).toBe(100);
    expect(report.body.strengths).toEqual(["주장이 서론에서 분명하게 제시되었습니다.", "구체적인 사례를 근거로 들었습니다."]);
    expect(report.body.suggestions).toHaveLength(3);
    expect(report.body.grader).toBe("ai");
    expect(report.body.studentInfo).toEqual({ name: "홍길동", studentId: "20240101" });

    const [req] = await fakeLlmRequests("ok:store");
    expect(req.temperature).toBe(0);
    expect(req.model).toBe("fake-grader");
    expect(req.responseFormat.type).toBe("json_schema");
    expect(req.responseFormat.json_schema?.strict).toBe(true);
    expect(req.system).toContain("논리 구조 (40점)");
    expect(req.system).toContain("청소년의 스마트폰");
    expect(req.system).not.toContain("결론적으로");
    expect(req.user).toContain("결론적으로");
  });

  it("recovers from a 429 and from malformed output, then succeeds", async () => {
    const a = await submit(ctx.teacher, ctx.sessionId, `${strong}\n[[llm:429once:r1]]`);
    const b = await submit(ctx.teacher, ctx.sessionId, `${strong}\n[[llm:malformed-once:r2]]`);
    const c = await submit(ctx.teacher, ctx.sessionId, `${strong}\n[[llm:truncated-once:r3]]`);
    for (const id of [a, b, c]) expect((await waitForEnd(id)).status).toBe("completed");
    expect(await fakeLlmRequests("429once:r1")).toHaveLength(2);
    expect(await fakeLlmRequests("malformed-once:r2")).toHaveLength(2);
    expect(await fakeLlmRequests("truncated-once:r3")).toHaveLength(2);
  });

  it("clamps out-of-range scores and recomputes the total", async () => {
    const id = await submit(ctx.teacher, ctx.sessionId, `${strong}\n[[llm:outofrange:c1]]`);
    expect((await waitForEnd(id)).status).toBe("completed");
    const report = await api(`/submissions/${id}/report`, { token: ctx.teacher.token });
    const scores = report.body.categories.map((c: { score: number }) => c.score);
    expect(scores).toEqual([40, 0, 30]);
    expect(report.body.overallScore).toBe(70);
  });

  it("ends a hanging call as error after the timeout and returns the use", async () => {
    const member = await createMember();
    const sid = await createSession(member);
    const id = await submit(member, sid, `${strong}\n[[llm:hang:h1]]`);
    expect(await usage(member)).toBe(1);
    const row = await waitForEnd(id, 60_000);
    expect(row.status).toBe("error");
    expect(row.progress_message).toMatch(/시간이 초과/);
    expect(row.usage_charged).toBe(false);
    expect(await usage(member)).toBe(0);
    const report = await api(`/submissions/${id}/report`, { token: member.token });
    expect(report.status).toBe(409);
  }, 90_000);
});

describe("answers photographed or scanned", () => {
  it("are read by the vision model, then graded, and the read text is kept", async () => {
    const id = await submitScan(ctx.teacher, ctx.sessionId);
    expect((await waitForEnd(id)).status).toBe("completed");
    const [row] = await testSql()`select essay_content from public.essay_submissions where id = ${id}`;
    expect(row.essay_content).toBe(FAKE_TRANSCRIPTION);
    const all = await fakeLlmRequests();
    const vision = all.filter((r) => r.user.includes("image_url") && r.user.includes("data:image/png;base64,"));
    expect(vision.length).toBeGreaterThanOrEqual(1);
    const report = await api(`/submissions/${id}/report`, { token: ctx.teacher.token });
    expect(report.body.studentInfo).toEqual({ name: "김철수", studentId: "20240102" });
  });
});

describe("the job queue", () => {
  it("completes a job once after its worker died mid-job, charged once", async () => {
    const member = await createMember();
    const sid = await createSession(member);
    const sql = testSql();
    // Take the job away from the live workers as if a worker had claimed it and then died.
    const id = await submit(member, sid, `${strong}\n[[llm:slow:1200:dead]]`);
    const [claimed] = await sql`
      update public.essay_submissions
         set status = 'analyzing', lease_owner = 'dead-worker', attempts = attempts + 1,
             lease_expires_at = now() + interval '2 seconds'
       where id = ${id} and status = 'pending'
      returning id`;
    if (!claimed) {
      // A live worker was faster; take its lease over so that it loses the job.
      await sql`update public.essay_submissions set lease_owner = 'dead-worker',
                  lease_expires_at = now() + interval '2 seconds' where id = ${id} and status = 'analyzing'`;
    }
    await new Promise((r) => setTimeout(r, 2500));
    await tick();
    const row = await waitForEnd(id, 60_000);
    expect(row.status).toBe("completed");
    const [{ n }] = await sql`select count(*)::int as n from public.analysis_results where submission_id = ${id}`;
    expect(n).toBe(1);
    expect(await usage(member)).toBe(1);
    const [late] = await sql`select private.complete_grading_job(${id}, 'dead-worker', '{"overallScore":1,"maxScore":100}'::jsonb) as ok`;
    expect(late.ok).toBe(false);
    const [after] = await sql`select overall_score::float as s from public.analysis_results where submission_id = ${id}`;
    expect(after.s).toBe(80);
  }, 90_000);

  it("never gives the same job to two workers", async () => {
    const member = await createMember();
    const sid = await createSession(member);
    const sql = testSql();
    // Far more jobs than the live worker can hold at once (GRADING_CONCURRENCY), so both racing
    // claimers below get some of them even if the live worker takes its share first.
    const rows = await sql`
      insert into public.essay_submissions (session_id, user_id, essay_content, usage_charged)
      select ${sid}, ${member.user.id}, ${strong + "\n[[llm:slow:2000:pair]]"}, false
        from generate_series(1, 40)
      returning id`;
    const ids = rows.map((r) => r.id as string);
    await sql`update public.essay_submissions set usage_charged = true where id in ${sql(ids)}`;
    const [a, b] = await Promise.all([
      sql.begin((tx) => tx`select id from private.claim_grading_jobs('worker-a', 20, 60, 3)`),
      sql.begin((tx) => tx`select id from private.claim_grading_jobs('worker-b', 20, 60, 3)`),
    ]);
    const mine = (found: { id: string }[]) => found.map((r) => r.id).filter((x) => ids.includes(x));
    const setA = new Set(mine(a as never));
    const setB = new Set(mine(b as never));
    expect(setA.size + setB.size).toBeGreaterThan(0);
    for (const x of setA) expect(setB.has(x)).toBe(false);
    const owners = await sql`select id, lease_owner from public.essay_submissions where id in ${sql([...setA, ...setB])}`;
    for (const o of owners) expect(o.lease_owner).toBe(setA.has(o.id) ? "worker-a" : "worker-b");
    // Hand them back so the suite leaves no stuck jobs.
    await sql`update public.essay_submissions set status = 'error', lease_owner = null, usage_charged = false
               where id in ${sql(ids)}`;
  });
});
