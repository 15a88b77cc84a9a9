// 샘플로 체험하기: POST /sessions/sample makes a session from the bundled sample and grades its
// three answers without using any of the caller's uses; only the server can mark answers as samples.
import { randomUUID } from "node:crypto";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createGuest, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { KOREAN_ESSAY } from "../helpers/files.ts";
import { authenticatedClaims, createSession, rolledBackAs, submitEssay } from "../helpers/grading.ts";
import { SAMPLE_ANSWERS, SAMPLE_PROMPT } from "@shared/sample-essay.ts";

const sql = () => testSql();

async function waitAllEnded(sessionId: string, timeoutMs = 50_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const rows = await sql()`select status from public.essay_submissions where session_id = ${sessionId}`;
    if (rows.length > 0 && rows.every((r) => r.status === "completed" || r.status === "error")) return rows;
    if (Date.now() > end) throw new Error(`sample answers still ${rows.map((r) => r.status).join(",")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function usage(user: TestUser) {
  const res = await api("/usage/status", { token: user.token });
  expect(res.status).toBe(200);
  return res.body.usage as { current: number; limit: number };
}

/** Runs fn as the user through PostgREST's role switch (role authenticated + JWT claims), rolled back. */
const asUser = <T>(user: TestUser, fn: (tx: postgres.TransactionSql) => Promise<T>) =>
  rolledBackAs(authenticatedClaims(user.user.id, { session_id: randomUUID() }), fn);

let guest: TestUser;

beforeAll(async () => {
  guest = await createGuest();
});

afterAll(closeTestSql);

describe("POST /sessions/sample", () => {
  it("grades the three bundled answers to completion while the guest's usage stays 0/3", async () => {
    expect(await usage(guest)).toEqual({ current: 0, limit: 3 });
    const res = await api("/sessions/sample", { token: guest.token, method: "POST" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ isSample: true, promptContent: SAMPLE_PROMPT, submissionCount: 3 });

    const list = await api(`/sessions/${res.body.id}/submissions`, { token: guest.token });
    expect(list.status).toBe(200);
    expect(list.body.map((s: { studentName: string }) => s.studentName).sort()).toEqual(SAMPLE_ANSWERS.map((a) => a.studentName).sort());

    const ended = await waitAllEnded(res.body.id);
    expect(ended.map((r) => r.status)).toEqual(["completed", "completed", "completed"]);
    const done = await api(`/sessions/${res.body.id}/submissions`, { token: guest.token });
    for (const item of done.body) expect(item.result?.overallScore).toEqual(expect.any(Number));

    expect(await usage(guest)).toEqual({ current: 0, limit: 3 });
    const [profile] = await sql()`select guest_usage_count from public.profiles where id = ${guest.user.id}`;
    expect(profile.guest_usage_count).toBe(0);
  }, 90_000);

  it("takes no answer of the guest's own (a read-only demonstration): 403, nothing stored, no use", async () => {
    const res = await api("/sessions/sample", { token: guest.token, method: "POST" });
    expect(res.status).toBe(201);
    const own = await api(`/sessions/${res.body.id}/submissions`, {
      token: guest.token,
      json: { essayContent: KOREAN_ESSAY, studentName: "홍길동", studentId: "20240101" },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(403);
    expect(own.body.error).toMatch(/샘플 작업은 보기 전용입니다/);
    expect(await usage(guest)).toEqual({ current: 0, limit: 3 });
    const [{ n }] =
      await sql()`select count(*)::int as n from public.essay_submissions where session_id = ${res.body.id} and not is_sample`;
    expect(n).toBe(0);
  });

  it("is bounded per user per day (429 after 3 runs) and needs a signed-in user (401)", async () => {
    const member = await createMember();
    for (let i = 0; i < 3; i++) {
      expect((await api("/sessions/sample", { token: member.token, method: "POST" })).status).toBe(201);
    }
    const fourth = await api("/sessions/sample", { token: member.token, method: "POST" });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatch(/샘플 체험은 하루 3번까지/);
    expect((await api("/sessions/sample", { method: "POST" })).status).toBe(401);
  });
});

describe("forging a sample as the user (PostgREST, role authenticated)", () => {
  /** A new member with a session and one typed answer; `body` adds fields to the answer's request. */
  async function memberWithAnswer(body: Record<string, unknown> = {}) {
    const member = await createMember();
    const sessionId = await createSession(member, "논술 문제입니다. 자신의 생각을 쓰시오.");
    const submissionId = await submitEssay(member, sessionId, KOREAN_ESSAY, { studentName: "홍길동", studentId: "20240101", ...body });
    return { member, sessionId, submissionId };
  }

  it("cannot mark an own answer or session as a sample, nor insert one", async () => {
    const { member, sessionId, submissionId } = await memberWithAnswer();

    expect(
      await asUser(member, (tx) => tx`update public.essay_submissions set is_sample = true where id = ${submissionId} returning id`),
    ).toBe("denied");
    expect(
      await asUser(member, (tx) => tx`update public.analysis_sessions set is_sample = true where id = ${sessionId} returning id`),
    ).toBe("denied");
    expect(
      await asUser(
        member,
        (tx) => tx`
        insert into public.essay_submissions (session_id, user_id, essay_content, is_sample)
        values (${sessionId}, ${member.user.id}, ${KOREAN_ESSAY}, true) returning id`,
      ),
    ).toBe("denied");
    // The permitted column update still works (the attempt above was refused for is_sample, not the row).
    const renamed = await asUser(
      member,
      (tx) => tx`update public.essay_submissions set student_name = '김철수' where id = ${submissionId} returning id`,
    );
    expect(renamed).toHaveLength(1);

    const [row] = await sql()`select is_sample, usage_charged from public.essay_submissions where id = ${submissionId}`;
    expect(row).toEqual({ is_sample: false, usage_charged: true });
  });

  it("a client flag in the body does not make an ordinary submission a sample", async () => {
    const { member, submissionId } = await memberWithAnswer({ isSample: true, is_sample: true });
    const [row] = await sql()`select is_sample, usage_charged from public.essay_submissions where id = ${submissionId}`;
    expect(row).toEqual({ is_sample: false, usage_charged: true });
    expect(await usage(member)).toEqual({ current: 1, limit: 10 });
  });
});
