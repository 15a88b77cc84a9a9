// A sample session (샘플로 체험하기) is a read-only demonstration: every write to it or its answers
// is refused with a Korean 403 (the API) and by the database (triggers, the requeue function, the
// rename policy), while deleting stays allowed. Anchor answers change under the same lock as the
// rubric and the files: 409 while a charged answer of the session is queued or being graded.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { KOREAN_ESSAY, fileOf, utf8 } from "../helpers/files.ts";
import { authenticatedClaims, createSession, rolledBackAs } from "../helpers/grading.ts";
import { waitForStatus } from "../helpers/submissions.ts";

const sql = () => testSql();
const READ_ONLY = "샘플 작업은 보기 전용입니다. 삭제만 할 수 있습니다. 직접 문제와 답안을 올려 새 작업을 만들어 주세요.";
const BUSY = /채점 중이거나 대기 중인 답안이 있어/;
const RUBRIC = [
  { name: "논리", maxScore: 60 },
  { name: "표현", maxScore: 40 },
];
const ANCHOR = { content: KOREAN_ESSAY, totalScore: 80 };

/** The SQLSTATE and message `fn` fails with (null when it succeeds). */
async function failure(fn: () => Promise<unknown>): Promise<{ code: string; message: string } | null> {
  try {
    await fn();
    return null;
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return { code: e.code ?? "", message: e.message ?? "" };
  }
}

let member: TestUser;
let sampleId: string;
let answerIds: string[];

beforeAll(async () => {
  member = await createMember();
  const res = await api("/sessions/sample", { token: member.token, method: "POST" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  sampleId = res.body.id;
  const rows = await sql()`select id from public.essay_submissions where session_id = ${sampleId} order by submitted_at`;
  answerIds = rows.map((r) => r.id as string);
  expect(answerIds).toHaveLength(3);
});

afterAll(async () => {
  await closeTestSql();
});

describe("a sample session through the API", () => {
  it("refuses every change of its setup with the Korean 403: name, rubric, files, anchors", async () => {
    const title = await api(`/sessions/${sampleId}`, { method: "PATCH", token: member.token, json: { title: "내 작업" } });
    const rubric = await api(`/sessions/${sampleId}`, { method: "PATCH", token: member.token, json: { rubric: RUBRIC } });
    const form = new FormData();
    form.append("promptFile", fileOf(utf8("공격자가 바꾼 문제입니다."), "문제.txt", "text/plain"));
    const files = await api(`/sessions/${sampleId}`, { method: "PATCH", token: member.token, form });
    const anchor = await api(`/sessions/${sampleId}/anchors`, { token: member.token, json: ANCHOR });
    const unanchor = await api(`/sessions/${sampleId}/anchors/${randomUUID()}`, { method: "DELETE", token: member.token });
    for (const res of [title, rubric, files, anchor, unanchor]) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.error).toBe(READ_ONLY);
    }
    const [s] = await sql()`select title, rubric, prompt_filename from public.analysis_sessions where id = ${sampleId}`;
    expect(s).toMatchObject({ title: null, rubric: null });
    expect(s.prompt_filename).not.toBe("문제.txt");
    const [{ n }] = await sql()`select count(*)::int as n from public.session_anchors where session_id = ${sampleId}`;
    expect(n).toBe(0);
  });

  it("takes no new answer, no batch, and no retry, re-grade, review or student link of its answers", async () => {
    const typed = await api(`/sessions/${sampleId}/submissions`, {
      token: member.token,
      json: { essayContent: KOREAN_ESSAY, studentName: "홍길동", studentId: "20240101" },
    });
    const batch = new FormData();
    batch.append("files", fileOf(utf8(KOREAN_ESSAY), "홍길동_20240101.txt", "text/plain"));
    const upload = await api(`/sessions/${sampleId}/batch-upload`, { token: member.token, form: batch });
    const start = await api(`/sessions/${sampleId}/start-batch`, { token: member.token, method: "POST" });
    const id = answerIds[0];
    const retry = await api(`/submissions/${id}/retry`, { token: member.token, method: "POST" });
    const regrade = await api(`/submissions/${id}/regrade`, { token: member.token, method: "POST" });
    const complete = await api(`/submissions/${id}/review/complete`, { token: member.token, method: "POST" });
    const share = await api(`/submissions/${id}/share`, { token: member.token, json: {} });
    for (const res of [typed, upload, start, retry, regrade, complete, share]) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.error).toBe(READ_ONLY);
    }
    const [{ n }] = await sql()`select count(*)::int as n from public.essay_submissions where session_id = ${sampleId}`;
    expect(n).toBe(3);
    const usage = await api("/usage/status", { token: member.token });
    expect(usage.body.usage.current).toBe(0);
  });

  it("still deletes one of its answers, then the whole session", async () => {
    const other = await createMember();
    const res = await api("/sessions/sample", { token: other.token, method: "POST" });
    expect(res.status).toBe(201);
    const [one] = await sql()`select id from public.essay_submissions where session_id = ${res.body.id} limit 1`;
    expect((await api(`/submissions/${one.id}`, { method: "DELETE", token: other.token })).status).toBe(200);
    expect((await api(`/sessions/${res.body.id}`, { method: "DELETE", token: other.token })).status).toBe(200);
    const [{ n }] = await sql()`select count(*)::int as n from public.analysis_sessions where id = ${res.body.id}`;
    expect(n).toBe(0);
  });
});

describe("a sample session in the database", () => {
  it("a member cannot rename the student of a sample answer (PostgREST, role authenticated)", async () => {
    const renamed = await rolledBackAs(
      authenticatedClaims(member.user.id, { session_id: randomUUID() }),
      (tx) => tx`update public.essay_submissions set student_name = '공격자' where id = ${answerIds[1]} returning id`,
    );
    expect(renamed).toHaveLength(0);
  });

  it("the server's own writes are refused too: setup, new answers, anchors and the requeue function", async () => {
    await waitForStatus(answerIds[2], ["completed"]);
    const setup = await failure(() => sql()`update public.analysis_sessions set rubric = ${sql().json(RUBRIC)} where id = ${sampleId}`);
    const unmark = await failure(() => sql()`update public.analysis_sessions set is_sample = false where id = ${sampleId}`);
    const answer = await failure(
      () => sql()`
      insert into public.essay_submissions (session_id, user_id, essay_content, usage_charged)
      values (${sampleId}, ${member.user.id}, ${KOREAN_ESSAY}, true)`,
    );
    const anchor = await failure(
      () => sql()`
      insert into public.session_anchors (session_id, user_id, content, total_score)
      values (${sampleId}, ${member.user.id}, ${KOREAN_ESSAY}, 80)`,
    );
    const requeue = await failure(() => sql()`select private.requeue_completed_submission(${answerIds[2]}::uuid, null)`);
    const review = await failure(
      () => sql()`
      update public.analysis_results set review = '{}'::jsonb, reviewed_at = now() where submission_id = ${answerIds[2]}`,
    );
    const share = await failure(
      () => sql()`
      insert into public.report_shares (submission_id, user_id, token_hash, expires_at)
      values (${answerIds[2]}, ${member.user.id}, ${Buffer.alloc(32, 7)}, now() + interval '1 day')`,
    );
    for (const f of [setup, unmark, answer, anchor, requeue, review, share])
      expect(f).toEqual({ code: "55000", message: "sample_read_only" });
  });
});

describe("anchor answers change under the setup lock", () => {
  it("adding or removing one while a charged answer is being graded answers the rubric edit's 409", async () => {
    const owner = await createMember();
    const sessionId = await createSession(owner);
    const added = await api(`/sessions/${sessionId}/anchors`, { token: owner.token, json: ANCHOR });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const kept = await api(`/sessions/${sessionId}/anchors`, { token: owner.token, json: { ...ANCHOR, totalScore: 70 } });
    expect(kept.status).toBe(201);
    // A charged answer a worker holds (lease far ahead, so no worker of the stack takes it).
    const [held] = await sql()`
      insert into public.essay_submissions
        (session_id, user_id, essay_content, status, usage_charged, lease_owner, lease_expires_at, analysis_started_at)
      values (${sessionId}, ${owner.user.id}, ${KOREAN_ESSAY}, 'analyzing', true, 'test-holder', now() + interval '1 hour', now())
      returning id`;
    try {
      const rubric = await api(`/sessions/${sessionId}`, { method: "PATCH", token: owner.token, json: { rubric: RUBRIC } });
      expect(rubric.status).toBe(409);
      expect(rubric.body.error).toMatch(BUSY);
      const add = await api(`/sessions/${sessionId}/anchors`, { token: owner.token, json: ANCHOR });
      const remove = await api(`/sessions/${sessionId}/anchors/${added.body.id}`, { method: "DELETE", token: owner.token });
      for (const res of [add, remove]) {
        expect(res.status, JSON.stringify(res.body)).toBe(409);
        expect(res.body.error).toBe(rubric.body.error);
      }
      // The database holds the same rule for a direct write.
      const direct = await failure(
        () => sql()`
        insert into public.session_anchors (session_id, user_id, content, total_score)
        values (${sessionId}, ${owner.user.id}, ${KOREAN_ESSAY}, 80)`,
      );
      expect(direct).toEqual({ code: "55000", message: "session_busy" });
      const [{ n }] = await sql()`select count(*)::int as n from public.session_anchors where session_id = ${sessionId}`;
      expect(n).toBe(2);

      // Once the answer is graded, anchors change again.
      await sql()`update public.essay_submissions set status = 'completed', lease_owner = null, lease_expires_at = null,
                    usage_charged = false where id = ${held.id}`;
      const removed = await api(`/sessions/${sessionId}/anchors/${added.body.id}`, { method: "DELETE", token: owner.token });
      expect(removed.status).toBe(200);
    } finally {
      await sql()`delete from public.essay_submissions where id = ${held.id}`;
    }
    // Deleting the session takes its anchors along even while an answer is being graded.
    await sql()`
      insert into public.essay_submissions (session_id, user_id, essay_content, status, usage_charged, lease_owner, lease_expires_at)
      values (${sessionId}, ${owner.user.id}, ${KOREAN_ESSAY}, 'analyzing', true, 'test-holder', now() + interval '1 hour')`;
    expect((await api(`/sessions/${sessionId}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    const [{ left }] = await sql()`select count(*)::int as left from public.session_anchors where session_id = ${sessionId}`;
    expect(left).toBe(0);
  });
});
