// Results keep their rubric, through the real worker with the fake model: every result stores the
// rubric it was graded under; after the rubric changes, the old results keep (and show) their own
// maxima, GET /sessions/:id/regrade-all counts them, and POST /sessions/:id/regrade-all queues them
// for one use each, all or nothing, leaving reviewed answers alone unless includeReviewed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, setPlan, testSql, type TestUser } from "../helpers/users.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createSession, FIXTURE_ESSAY, FIXTURE_MEDIUM, submitEssay, until, waitForEnd } from "../helpers/grading.ts";
import { readStack } from "../helpers/stack.ts";
import { DEFAULT_RUBRIC } from "../../supabase/functions/_shared/grading.ts";
import type { ReviewedReport } from "../../supabase/functions/_shared/review.ts";
import type { Submission } from "../../supabase/functions/_shared/types.ts";

const NEW_RUBRIC = [
  { name: "논리 구조", maxScore: 30 },
  { name: "근거의 타당성", maxScore: 30 },
  { name: "언어 표현", maxScore: 30 },
  { name: "창의성", maxScore: 10 },
];
const OFFTOPIC = readFileSync(join(import.meta.dirname, "../fixtures/essays/offtopic.txt"), "utf8");
const scale = (r: { name: string; maxScore: number }[]) => r.map((c) => `${c.name}:${c.maxScore}`).join("|");

let owner: TestUser;
let sessionId: string;
let ids: string[];

const status = (token = owner.token) => api(`/sessions/${sessionId}/regrade-all`, { token });
const regradeAll = (json: Record<string, unknown> = {}, token = owner.token) =>
  api(`/sessions/${sessionId}/regrade-all`, { method: "POST", token, json });
const report = (id: string) => api<ReviewedReport>(`/submissions/${id}/report`, { token: owner.token });
const used = async () => {
  const [row] = await testSql()`
    select coalesce(sum(essay_count), 0)::int as n from public.usage_tracking where user_id = ${owner.user.id}`;
  return row.n as number;
};
const storedRubrics = async () =>
  new Map(
    (
      await testSql()`
        select e.id, r.rubric from public.analysis_results r join public.essay_submissions e on e.id = r.submission_id
         where e.session_id = ${sessionId}`
    ).map((r) => [r.id as string, r.rubric as { name: string; maxScore: number }[] | null]),
  );
/** Waits until every answer in `which` is completed with a result graded under `rubric`. */
const regradedUnder = (which: string[], rubric: { name: string; maxScore: number }[]) =>
  until(
    `${which.length} answers graded under ${scale(rubric)}`,
    async () => {
      const rows = await testSql()`
        select e.status, r.rubric from public.essay_submissions e join public.analysis_results r on r.submission_id = e.id
         where e.id = any(${which}::uuid[])`;
      return rows.length === which.length && rows.every((r) => r.status === "completed" && r.rubric && scale(r.rubric) === scale(rubric));
    },
    90_000,
    200,
  );

beforeAll(async () => {
  owner = await createMember();
  await setPlan(owner, "educator");
  sessionId = await createSession(owner);
  ids = [];
  for (const [i, essay] of [FIXTURE_ESSAY, FIXTURE_MEDIUM, OFFTOPIC].entries()) {
    ids.push(await submitEssay(owner, sessionId, essay, { studentName: `학생${i + 1}`, studentId: `2024010${i + 1}` }));
  }
  for (const id of ids) expect((await waitForEnd(id, 90_000)).status).toBe("completed");
}, 240_000);

afterAll(async () => {
  await closeTestSql();
});

describe("results keep their rubric", () => {
  it("stores with each result the rubric it was graded under, and returns it", async () => {
    const stored = await storedRubrics();
    for (const id of ids) expect(scale(stored.get(id)!)).toBe(scale(DEFAULT_RUBRIC));
    const r = await report(ids[0]);
    expect(scale(r.body.rubric)).toBe(scale(DEFAULT_RUBRIC));
    const list = await api<Submission[]>(`/sessions/${sessionId}/submissions`, { token: owner.token });
    expect(list.body.map((s) => scale(s.result!.rubric!))).toEqual(ids.map(() => scale(DEFAULT_RUBRIC)));
  });

  it("refuses a result stored without its rubric (the worker's SQL entry point)", async () => {
    const sql = testSql();
    const [sub] = await sql`
      insert into public.essay_submissions (session_id, user_id, essay_content, status, lease_owner, lease_expires_at)
      values (${sessionId}, ${owner.user.id}, '답안', 'analyzing', 'test-worker', now() + interval '1 minute') returning id`;
    await expect(
      sql`select private.complete_grading_job(${sub.id}, 'test-worker', '{"overallScore":1,"maxScore":100}'::jsonb)`,
    ).rejects.toThrow(/result_rubric_missing/);
    await expect(
      sql`select private.complete_grading_job(${sub.id}, 'test-worker',
                 '{"overallScore":1,"maxScore":100,"rubric":[{"name":"","maxScore":0}]}'::jsonb)`,
    ).rejects.toThrow(/analysis_results_rubric_valid/);
    await sql`delete from public.essay_submissions where id = ${sub.id}`;
  });

  it("after a rubric change: old results keep and show their own maxima, and are counted as older", async () => {
    const patched = await api(`/sessions/${sessionId}`, { method: "PATCH", token: owner.token, json: { rubric: NEW_RUBRIC } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    const r = await report(ids[1]);
    expect(scale(r.body.rubric)).toBe(scale(DEFAULT_RUBRIC));
    expect(r.body.categories.find((c) => c.name === "논리 구조")!.maxScore).toBe(40);
    const s = await status();
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ completed: 3, outdated: 3, outdatedReviewed: 0, reviewed: 0, regrading: 0 });
    expect(scale(s.body.rubric)).toBe(scale(NEW_RUBRIC));

    // The CSV shows each answer against its own maxima, with the AI's score beside the final one.
    const res = await fetch(`${readStack().apiUrl}/sessions/${sessionId}/results.csv`, { headers: owner.headers });
    const [header, ...rows] = (await res.text())
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean)
      .map((l) => l.split(","));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row[header.indexOf("논리 구조 만점")]).toBe("40");
      expect(row[header.indexOf("논리 구조 AI")]).toBe(row[header.indexOf("논리 구조")]);
    }
    expect(header).not.toContain("창의성");
  });

  it("all or nothing: when the quota cannot cover every answer, nothing is queued and the message names the count", async () => {
    // Review one answer: it is left out of 전체 재채점 unless includeReviewed.
    const done = await api(`/submissions/${ids[2]}/review/complete`, { method: "POST", token: owner.token });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await status()).body).toMatchObject({ outdated: 3, outdatedReviewed: 1 });

    const [{ limit }] = await testSql()`select max_essays_per_month as limit from public.subscription_plans where id = 'educator'`;
    await testSql()`update public.usage_tracking set essay_count = ${limit - 1} where user_id = ${owner.user.id}`;
    const before = await used();
    const refused = await regradeAll();
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain("2회");
    expect(refused.body.error).toMatch(/[가-힣]/);
    expect(refused.body.needed).toBe(2);
    expect(await used()).toBe(before);
    const [{ n }] = await testSql()`
      select count(*)::int as n from public.essay_submissions where session_id = ${sessionId} and status <> 'completed'`;
    expect(n).toBe(0);
    await testSql()`update public.usage_tracking set essay_count = 0 where user_id = ${owner.user.id}`;
  });

  it("queues the older-rubric answers for one use each, in one go, skipping the reviewed one", async () => {
    const before = await used();
    const res = await regradeAll();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ queued: 2, needed: 2, skippedReviewed: 1 });
    expect(await used()).toBe(before + 2);
    await regradedUnder(ids.slice(0, 2), NEW_RUBRIC);

    const stored = await storedRubrics();
    expect(scale(stored.get(ids[2])!)).toBe(scale(DEFAULT_RUBRIC)); // the reviewed answer is left alone
    const r = await report(ids[0]);
    expect(scale(r.body.rubric)).toBe(scale(NEW_RUBRIC));
    expect(r.body.categories.map((c) => c.maxScore)).toEqual([30, 30, 30, 10]);
    expect((await status()).body).toMatchObject({ completed: 3, outdated: 1, outdatedReviewed: 1 });
    // Nothing left on an older rubric but the reviewed one: a second call queues nothing and charges nothing.
    const again = await regradeAll();
    expect(again.body).toMatchObject({ queued: 0, skippedReviewed: 1 });
    expect(await used()).toBe(before + 2);
  }, 120_000);

  it("includeReviewed re-grades the reviewed answer too (its review is replaced)", async () => {
    const before = await used();
    const res = await regradeAll({ includeReviewed: true });
    expect(res.body).toMatchObject({ queued: 1, skippedReviewed: 0 });
    await regradedUnder([ids[2]], NEW_RUBRIC);
    const [row] = await testSql()`select review, reviewed_at from public.analysis_results where submission_id = ${ids[2]}`;
    expect(row.reviewed_at).toBeNull();
    expect(await used()).toBe(before + 1);
    expect((await status()).body).toMatchObject({ outdated: 0 });
  }, 120_000);

  it("{ all: true } re-grades every completed answer; bad bodies and other users are refused", async () => {
    expect((await regradeAll({ all: "yes" })).status).toBe(400);
    expect((await regradeAll({ everything: true })).status).toBe(400);
    const other = await createMember();
    expect((await regradeAll({ all: true }, other.token)).status).toBe(404);
    expect((await status(other.token)).status).toBe(404);

    const before = await used();
    const res = await regradeAll({ all: true, includeReviewed: true });
    expect(res.body).toMatchObject({ queued: 3 });
    expect(await used()).toBe(before + 3);
    for (const id of ids) expect((await waitForEnd(id, 90_000)).status).toBe("completed");
  }, 120_000);
});
