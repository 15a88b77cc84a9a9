// Security: model calls are paid for. Deleting an answer after the model was called keeps its use
// charged; answer, question and criteria lengths are capped at upload (Korean 413) and again in the
// worker; the text columns sent to the model are written by the server only.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { fileOf, KOREAN_ESSAY, utf8 } from "../helpers/files.ts";
import { fakeLlmRequests, rlsVerdict, until, waitForEnd } from "../helpers/grading.ts";
import { MAX_CRITERIA_CHARS, MAX_ESSAY_CHARS, MAX_PROMPT_CHARS, uploadMessages } from "@shared/upload-rules.ts";

const sql = () => testSql();

async function newSession(user: TestUser, prompt = "다음 제시문을 읽고 논술하시오.", criteria?: string): Promise<string> {
  const form = new FormData();
  form.append("promptFile", fileOf(utf8(prompt), "문제.txt"));
  if (criteria !== undefined) form.append("criteriaFile", fileOf(utf8(criteria), "기준.txt"));
  const res = await api("/sessions", { token: user.token, form });
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
  return res.body.id;
}

async function used(user: TestUser): Promise<number> {
  const res = await api("/usage/status", { token: user.token });
  expect(res.status).toBe(200);
  return res.body.usage.current;
}

/** Submits an answer the fake LLM holds for a while, and waits until the model has been called for it. */
async function submitAndWaitForModel(user: TestUser, sessionId: string, marker: string): Promise<string> {
  const res = await api(`/sessions/${sessionId}/submissions`, {
    token: user.token,
    json: { essayContent: `${KOREAN_ESSAY}\n[[llm:${marker}]]` },
  });
  expect(res.status).toBe(201);
  await until("the model call", async () => (await fakeLlmRequests(marker)).length > 0);
  const [row] = await sql()`select status from public.essay_submissions where id = ${res.body.id}`;
  expect(row.status).toBe("analyzing");
  return res.body.id;
}

let user: TestUser;
let sessionId: string;

beforeAll(async () => {
  user = await createMember();
  await sql()`update public.subscriptions set plan_id = 'business', status = 'active' where user_id = ${user.user.id}`;
  sessionId = await newSession(user);
});

afterAll(async () => {
  await closeTestSql();
});

describe("deleting an answer after the model was called", () => {
  it("DELETE /submissions/:id while analyzing keeps the use charged, and nothing is stored for it", async () => {
    const before = await used(user);
    const id = await submitAndWaitForModel(user, sessionId, `slow:2500:del-answer-${randomUUID().slice(0, 6)}`);
    expect(await used(user)).toBe(before + 1);
    const del = await api(`/submissions/${id}`, { method: "DELETE", token: user.token });
    expect(del.status).toBe(200);
    expect(await used(user)).toBe(before + 1);
    const [left] = await sql()`select (select count(*) from public.essay_submissions where id = ${id})::int as subs,
                                      (select count(*) from public.analysis_results where submission_id = ${id})::int as results`;
    expect(left).toEqual({ subs: 0, results: 0 });
  });

  it("DELETE /sessions/:id while one of its answers is analyzing keeps that use charged", async () => {
    const sid = await newSession(user);
    const before = await used(user);
    await submitAndWaitForModel(user, sid, `slow:2500:del-session-${randomUUID().slice(0, 6)}`);
    const del = await api(`/sessions/${sid}`, { method: "DELETE", token: user.token });
    expect(del.status).toBe(200);
    expect(await used(user)).toBe(before + 1);
  });

  it("deleting an answer that no worker has claimed yet gives its use back", async () => {
    // A staged (uncharged) row cannot be claimed; it is charged while this test holds its row lock,
    // so the worker (SKIP LOCKED) cannot claim it before the API's DELETE, which waits on the lock.
    const id = randomUUID();
    await sql()`insert into public.essay_submissions (id, session_id, user_id, essay_content, usage_charged)
                values (${id}, ${sessionId}, ${user.user.id}, ${KOREAN_ESSAY}, false)`;
    const before = await used(user);
    let del: Promise<{ status: number }> | null = null;
    await sql().begin(async (tx) => {
      await tx`select id from public.essay_submissions where id = ${id} for update`;
      const [r] = await tx`select private.reserve_usage(${user.user.id}::uuid, 1, null, null, 100000, 100000) as r`;
      await tx`update public.essay_submissions set usage_charged = true, usage_period_start = ${r.r.periodStart}
                where id = ${id}`;
      del = api(`/submissions/${id}`, { method: "DELETE", token: user.token });
      await until("the DELETE to wait on the row lock", async () => {
        const [w] = await sql()`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`;
        return w.n > 0;
      });
    });
    expect((await del!).status).toBe(200);
    expect(await used(user)).toBe(before);
  });
});

describe("length caps at upload (Korean 413)", () => {
  const long = (n: number) => "가".repeat(n);

  it("typed answers: the cap is accepted, one more character is refused, a 3-million-character answer is refused", async () => {
    const ok = await api(`/sessions/${sessionId}/submissions`, { token: user.token, json: { essayContent: long(MAX_ESSAY_CHARS) } });
    expect(ok.status).toBe(201);
    const before = await used(user);
    const res = await api(`/sessions/${sessionId}/submissions`, { token: user.token, json: { essayContent: long(MAX_ESSAY_CHARS + 1) } });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(uploadMessages.essayTooLong);
    // 3 million characters: over the JSON body limit as JSON, over the answer cap as a form field.
    const huge = await api(`/sessions/${sessionId}/submissions`, { token: user.token, json: { essayContent: long(3_000_000) } });
    expect(huge.status).toBe(413);
    for (const n of [MAX_ESSAY_CHARS + 1, 3_000_000]) {
      const form = new FormData();
      form.append("essayContent", long(n));
      const viaForm = await api(`/sessions/${sessionId}/submissions`, { token: user.token, form });
      expect(viaForm.status).toBe(413);
      expect(viaForm.body.error).toBe(uploadMessages.essayTooLong);
    }
    expect(await used(user)).toBe(before);
  });

  it("answer files, batch items, question and criteria files over their caps are refused", async () => {
    const file = new FormData();
    file.append("essayFile", fileOf(utf8(long(MAX_ESSAY_CHARS + 1)), "홍길동_20240101.txt"));
    const one = await api(`/sessions/${sessionId}/submissions`, { token: user.token, form: file });
    expect(one.status).toBe(413);
    expect(one.body.error).toContain(uploadMessages.essayTooLong);

    const batch = new FormData();
    batch.append("files", fileOf(utf8(KOREAN_ESSAY), "김민수_1.txt"));
    batch.append("files", fileOf(utf8(long(MAX_ESSAY_CHARS + 1)), "이영희_2.txt"));
    const b = await api(`/sessions/${sessionId}/batch-upload`, { token: user.token, form: batch });
    expect(b.status).toBe(413);
    expect(b.body.error).toContain("이영희_2.txt");
    const [staged] = await sql()`select count(*)::int as n from public.essay_submissions
                                  where session_id = ${sessionId} and status = 'pending' and not usage_charged`;
    expect(staged.n).toBe(0);

    const prompt = new FormData();
    prompt.append("promptFile", fileOf(utf8(long(MAX_PROMPT_CHARS + 1)), "문제.txt"));
    const p = await api("/sessions", { token: user.token, form: prompt });
    expect(p.status).toBe(413);
    expect(p.body.error).toBe(uploadMessages.promptTooLong);

    const criteria = new FormData();
    criteria.append("promptFile", fileOf(utf8("다음 제시문을 읽고 논술하시오."), "문제.txt"));
    criteria.append("criteriaFile", fileOf(utf8(long(MAX_CRITERIA_CHARS + 1)), "기준.txt"));
    const c = await api("/sessions", { token: user.token, form: criteria });
    expect(c.status).toBe(413);
    expect(c.body.error).toBe(uploadMessages.criteriaTooLong);
  });
});

describe("the text sent to the model", () => {
  it("users cannot write prompt_content, criteria_content or essay_content", async () => {
    const [sub] = await sql()`select id from public.essay_submissions where user_id = ${user.user.id} limit 1`;
    expect(
      await rlsVerdict(
        user,
        (tx) => tx`update public.analysis_sessions set prompt_content = ${"가".repeat(50_000)} where id = ${sessionId}`,
      ),
    ).toBe("denied");
    expect(
      await rlsVerdict(user, (tx) => tx`update public.analysis_sessions set criteria_content = '논리 100점' where id = ${sessionId}`),
    ).toBe("denied");
    expect(await rlsVerdict(user, (tx) => tx`update public.essay_submissions set essay_content = '새 답안' where id = ${sub.id}`)).toBe(
      "denied",
    );
    expect(
      await rlsVerdict(
        user,
        (tx) => tx`insert into public.essay_submissions (session_id, user_id, essay_content)
                                         values (${sessionId}, ${user.user.id}, ${"가".repeat(50_000)})`,
      ),
    ).toBe("denied");
    expect(
      await rlsVerdict(
        user,
        (tx) => tx`insert into public.analysis_sessions (user_id, prompt_content)
                                         values (${user.user.id}, ${"가".repeat(50_000)})`,
      ),
    ).toBe("denied");
  });

  it("the worker never sends an over-long answer or question, even one already in the database", async () => {
    const marker = `ok:oversize-${randomUUID().slice(0, 6)}`;
    const id = randomUUID();
    await sql()`select private.reserve_usage(${user.user.id}::uuid, 1, null, null, 100000, 100000)`;
    await sql()`insert into public.essay_submissions (id, session_id, user_id, essay_content, usage_charged, usage_period_start)
                values (${id}, ${sessionId}, ${user.user.id}, ${`${"나".repeat(MAX_ESSAY_CHARS + 5_000)}\n[[llm:${marker}]]`}, true,
                        (select period_start from private.current_period()))`;
    const row = await waitForEnd(id);
    expect(row.status).toBe("error");
    expect(row.progress_message).toBe(uploadMessages.essayTooLong);
    expect(await fakeLlmRequests(marker)).toHaveLength(0);

    const sid = await newSession(user);
    await sql()`update public.analysis_sessions set prompt_content = ${"다".repeat(MAX_PROMPT_CHARS + 5_000)} where id = ${sid}`;
    const qMarker = `ok:oversize-q-${randomUUID().slice(0, 6)}`;
    const sub = await api(`/sessions/${sid}/submissions`, {
      token: user.token,
      json: { essayContent: `${KOREAN_ESSAY}\n[[llm:${qMarker}]]` },
    });
    expect(sub.status).toBe(201);
    const qRow = await waitForEnd(sub.body.id);
    expect(qRow.status).toBe("error");
    expect(await fakeLlmRequests(qMarker)).toHaveLength(0);
  });
});
