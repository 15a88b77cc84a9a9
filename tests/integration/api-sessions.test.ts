// Sessions, submissions, batches and quotas through the API against the real stack.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createGuest, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { fileOf, KOREAN_ESSAY, makeDocx, makePng, utf8 } from "../helpers/files.ts";

const ESSAY = KOREAN_ESSAY; // > 100 characters
const sql = () => testSql();

async function newSession(user: TestUser, criteria = true): Promise<any> {
  const form = new FormData();
  form.append("promptFile", fileOf(await makeDocx(), "논술문제.docx"));
  if (criteria) form.append("criteriaFile", fileOf(utf8("논리 40점, 근거 30점, 표현 30점"), "기준.txt"));
  const res = await api("/sessions", { token: user.token, form });
  expect(res.status).toBe(201);
  return res.body;
}

function typed(user: TestUser, sessionId: string, extra: Record<string, unknown> = {}) {
  return api(`/sessions/${sessionId}/submissions`, {
    token: user.token,
    json: { essayContent: ESSAY, studentName: "홍길동", studentId: "20240101", ...extra },
  });
}

function batchForm(count: number, withEdits = false): FormData {
  const form = new FormData();
  for (let i = 0; i < count; i++) {
    const id = String(20240101 + i);
    form.append("files", fileOf(utf8(`${ESSAY} (${i})`), `학생_${id}.txt`));
    form.append("studentNames", withEdits ? `김학생` : "");
    form.append("studentIds", withEdits ? `9${id}` : "");
  }
  return form;
}

async function setPlan(user: TestUser, planId: string) {
  await sql()`update public.subscriptions set plan_id = ${planId}, status = 'active' where user_id = ${user.user.id}`;
}

async function setUsed(user: TestUser, used: number) {
  await sql()`select private.ensure_current_usage(${user.user.id}::uuid)`;
  await sql()`
    update public.usage_tracking set essay_count = ${used}
     where user_id = ${user.user.id} and period_start = (private.current_period()).period_start`;
}

async function used(user: TestUser): Promise<number> {
  const [row] = await sql()`
    select essay_count from public.usage_tracking
     where user_id = ${user.user.id} and period_start = (private.current_period()).period_start`;
  return row?.essay_count ?? 0;
}

async function objectsOf(user: TestUser): Promise<string[]> {
  const rows = await sql()`
    select name from storage.objects where bucket_id = 'essays' and name like ${user.user.id + "/%"}`;
  return rows.map((r) => r.name);
}

let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  [owner, other] = await Promise.all([createMember(), createMember()]);
});

afterAll(async () => {
  await closeTestSql();
});

describe("session CRUD", () => {
  it("creates a session from a prompt and criteria file and lists it newest first with counts", async () => {
    const first = await newSession(owner);
    const second = await newSession(owner, false);
    expect(first.promptFilename).toBe("논술문제.docx");
    expect(first.criteriaFilename).toBe("기준.txt");
    expect(first.criteriaContent).toContain("논리 40점");
    expect(second.criteriaFilename).toBeNull();

    // Held by the fake LLM for 2 s, so it is not completed yet when the list is read.
    expect((await typed(owner, first.id, { essayContent: `${ESSAY}\n[[llm:slow:2000]]` })).status).toBe(201);
    const list = await api("/sessions", { token: owner.token });
    expect(list.status).toBe(200);
    const ids = list.body.map((s: any) => s.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const firstInList = list.body.find((s: any) => s.id === first.id);
    expect(firstInList.submissionCount).toBe(1);
    expect(firstInList.completedCount).toBe(0);

    const one = await api(`/sessions/${first.id}`, { token: owner.token });
    expect(one.status).toBe(200);
    expect(one.body.promptContent).toContain("인공지능 시대의 교육");
    expect(one.body.submissionCount).toBe(1);
  });

  it("requires a prompt file", async () => {
    const form = new FormData();
    form.append("criteriaFile", fileOf(utf8("기준"), "기준.txt"));
    const res = await api("/sessions", { token: owner.token, form });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("논술 문제 파일을 업로드해주세요.");
  });

  it("requires a signed-in caller", async () => {
    expect((await api("/sessions")).status).toBe(401);
  });

  it("deletes the session with its submissions, results and stored files", async () => {
    const s = await newSession(owner);
    const form = new FormData();
    form.append("essayFile", fileOf(makePng(), "홍길동_20240101.png"));
    const sub = await api(`/sessions/${s.id}/submissions`, { token: owner.token, form });
    expect(sub.status).toBe(201);
    const typedSub = await typed(owner, s.id);
    await sql()`
      insert into public.analysis_results (submission_id, overall_score, max_score)
      values (${typedSub.body.id}, 80, 100)
      on conflict (submission_id) do nothing`; // the worker may have graded it already
    const stored = (await objectsOf(owner)).filter((n) => n.includes(`/${s.id}/`));
    expect(stored.length).toBe(3); // prompt, criteria, essay image

    const del = await api(`/sessions/${s.id}`, { method: "DELETE", token: owner.token });
    expect(del.status).toBe(200);

    const [rows] = await sql()`
      select (select count(*) from public.analysis_sessions where id = ${s.id})::int as sessions,
             (select count(*) from public.essay_submissions where session_id = ${s.id})::int as submissions,
             (select count(*) from public.analysis_results where submission_id = ${typedSub.body.id})::int as results`;
    expect(rows).toEqual({ sessions: 0, submissions: 0, results: 0 });
    expect((await objectsOf(owner)).filter((n) => n.includes(`/${s.id}/`))).toEqual([]);
    expect((await api(`/sessions/${s.id}`, { token: owner.token })).status).toBe(404);
  });

  it("gives back the uses of answers no worker has claimed when a session is deleted", async () => {
    // (An answer already being graded keeps its use: the model was called — security-llm-spend.test.ts.)
    // While this test holds the claim function's advisory lock no worker can claim, so the answer is
    // still unclaimed when the API deletes the session.
    const s = await newSession(owner);
    const before = await used(owner);
    const blocker = await sql().reserve();
    try {
      await blocker`begin`;
      await blocker`select pg_advisory_xact_lock(hashtextextended('private.claim_grading_jobs', 0))`;
      const res = await api(`/sessions/${s.id}/submissions`, { token: owner.token, json: { essayContent: ESSAY } });
      expect(res.status).toBe(201);
      expect(await used(owner)).toBe(before + 1);
      const [row] = await sql()`select status, attempts from public.essay_submissions where id = ${res.body.id}`;
      expect(row).toEqual({ status: "pending", attempts: 0 });
      expect((await api(`/sessions/${s.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    } finally {
      await blocker`rollback`;
      blocker.release();
    }
    expect(await used(owner)).toBe(before);
  });
});

describe("another user's session is a 404 exactly like a missing one", () => {
  it("for every session path", async () => {
    const s = await newSession(owner);
    const missing = "00000000-0000-4000-8000-000000000000";
    const calls: [string, string, () => { json?: unknown; form?: FormData }][] = [
      ["GET", "", () => ({})],
      ["DELETE", "", () => ({})],
      ["GET", "/submissions", () => ({})],
      ["POST", "/submissions", () => ({ json: { essayContent: ESSAY } })],
      ["POST", "/batch-upload", () => ({ form: batchForm(1) })],
      ["POST", "/start-batch", () => ({})],
    ];
    await setPlan(other, "educator");
    for (const [method, suffix, body] of calls) {
      const theirs = await api(`/sessions/${s.id}${suffix}`, { method, token: other.token, ...body() });
      const none = await api(`/sessions/${missing}${suffix}`, { method, token: other.token, ...body() });
      const malformed = await api(`/sessions/not-a-uuid${suffix}`, { method, token: other.token, ...body() });
      expect([theirs.status, theirs.body], `${method} ${suffix}`).toEqual([404, none.body]);
      expect(none.status).toBe(404);
      expect(malformed.body).toEqual(none.body);
    }
    expect((await api("/sessions", { token: other.token })).body.map((x: any) => x.id)).not.toContain(s.id);
    expect((await api(`/sessions/${s.id}`, { token: owner.token })).status).toBe(200);
  });
});

describe("submissions", () => {
  it("lists items (docs/product.md#submission-list-item) with essay preview, status and result once completed", async () => {
    const s = await newSession(owner);
    const sub = await typed(owner, s.id);
    expect(sub.status).toBe(201);
    await sql()`update public.essay_submissions set status = 'completed', progress = 100 where id = ${sub.body.id}`;
    await sql()`
      insert into public.analysis_results (submission_id, overall_score, max_score) values (${sub.body.id}, 87, 100)
      on conflict (submission_id) do update set overall_score = 87, max_score = 100`;
    const list = await api(`/sessions/${s.id}/submissions`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const item = list.body[0];
    expect(item).toMatchObject({
      id: sub.body.id,
      studentName: "홍길동",
      studentId: "20240101",
      status: "completed",
      progress: 100,
      score: 87,
      result: { overallScore: 87, maxScore: 100 },
    });
    expect(item.essay).toBe([...ESSAY].slice(0, 100).join(""));
    expect(typeof item.submitTime).toBe("string");
    expect(typeof item.progressMessage).toBe("string");
  });

  it("rejects a typed essay under 100 characters after trimming", async () => {
    const s = await newSession(owner);
    const res = await typed(owner, s.id, { essayContent: `   ${"가".repeat(99)}   ` });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("최소 100자 이상 작성해주세요.");
    expect((await typed(owner, s.id, { essayContent: "가".repeat(100) })).status).toBe(201);
  });

  it("charges one use per queued essay and marks it", async () => {
    const s = await newSession(owner);
    const before = await used(owner);
    const res = await typed(owner, s.id);
    expect(res.status).toBe(201);
    expect(await used(owner)).toBe(before + 1);
    const [row] = await sql()`select usage_charged, usage_period_start from public.essay_submissions where id = ${res.body.id}`;
    expect(row.usage_charged).toBe(true);
    expect(row.usage_period_start).not.toBeNull();
  });

  it("private.release_usage returns the use once", async () => {
    const s = await newSession(owner);
    const res = await typed(owner, s.id);
    const afterSubmit = await used(owner);
    const [first] = await sql()`select private.release_usage(${res.body.id}::uuid) as ok`;
    const [second] = await sql()`select private.release_usage(${res.body.id}::uuid) as ok`;
    expect([first.ok, second.ok]).toEqual([true, false]);
    expect(await used(owner)).toBe(afterSubmit - 1);
  });
});

describe("plan file limits and batches", () => {
  it("refuses batches on the trial plan with batchNotAllowed and the plan-tier wording", async () => {
    const trial = await createMember();
    const s = await newSession(trial);
    const up = await api(`/sessions/${s.id}/batch-upload`, { token: trial.token, form: batchForm(2) });
    expect(up.status).toBe(403);
    expect(up.body.batchNotAllowed).toBe(true);
    expect(up.body.error).toContain("교육자 플랜 또는 기업 플랜으로 업그레이드");
    const start = await api(`/sessions/${s.id}/start-batch`, { method: "POST", token: trial.token });
    expect(start.status).toBe(403);
    expect(start.body.batchNotAllowed).toBe(true);
  });

  it("lets an educator upload 10 files but not 11, and business 50", async () => {
    const teacher = await createMember();
    await setPlan(teacher, "educator");
    const s = await newSession(teacher);
    const tooMany = await api(`/sessions/${s.id}/batch-upload`, { token: teacher.token, form: batchForm(11) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toContain("최대 10개");
    const ok = await api(`/sessions/${s.id}/batch-upload`, { token: teacher.token, form: batchForm(10) });
    expect(ok.status).toBe(201);
    expect(ok.body.count).toBe(10);

    await setPlan(teacher, "business");
    const fifty = await api(`/sessions/${s.id}/batch-upload`, { token: teacher.token, form: batchForm(50) });
    expect(fifty.status).toBe(201);
    expect(fifty.body.count).toBe(50);
    const fiftyOne = await api(`/sessions/${s.id}/batch-upload`, { token: teacher.token, form: batchForm(51) });
    expect(fiftyOne.status).toBe(400);
    expect(fiftyOne.body.error).toContain("최대 50개");
  });

  it("reports every bad file of a batch in one answer, in Korean, and stores none of the batch", async () => {
    const teacher = await createMember();
    await setPlan(teacher, "educator");
    const s = await newSession(teacher);
    const form = new FormData();
    form.append("files", fileOf(utf8(`${ESSAY} (좋은 파일)`), "김민수_20240101.txt"));
    form.append("files", fileOf(new Uint8Array(0), "빈파일_20240102.txt"));
    form.append("files", fileOf(utf8("그림이 아닌 글"), "이서연_20240103.gif"));
    form.append("files", fileOf(utf8(`${ESSAY} (또 좋은 파일)`), "박지훈_20240104.txt"));
    for (let i = 0; i < 4; i++) {
      form.append("studentNames", "");
      form.append("studentIds", "");
    }
    const res = await api(`/sessions/${s.id}/batch-upload`, { token: teacher.token, form });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("파일 2개");
    expect(res.body.fileErrors.map((e: { name: string }) => e.name)).toEqual(["빈파일_20240102.txt", "이서연_20240103.gif"]);
    for (const e of res.body.fileErrors) expect(e.error).toMatch(/[가-힣]/);
    const [{ n }] = await sql()`select count(*)::int as n from public.essay_submissions where session_id = ${s.id}`;
    expect(n).toBe(0);
  });

  it("stages uploaded files until start-batch, which reserves all their uses at once", async () => {
    const teacher = await createMember();
    await setPlan(teacher, "educator");
    const s = await newSession(teacher);
    const before = await used(teacher);
    const up = await api(`/sessions/${s.id}/batch-upload`, { token: teacher.token, form: batchForm(3) });
    expect(up.status).toBe(201);
    expect(up.body.submissions.map((x: any) => [x.studentName, x.studentId])).toEqual([
      ["학생", "20240101"],
      ["학생", "20240102"],
      ["학생", "20240103"],
    ]);
    expect((await api(`/sessions/${s.id}/submissions`, { token: teacher.token })).body).toHaveLength(0);
    expect(await used(teacher)).toBe(before);

    // A second upload replaces the unstarted batch (edited names win over parsed ones).
    const again = await api(`/sessions/${s.id}/batch-upload`, { token: teacher.token, form: batchForm(2, true) });
    expect(again.status).toBe(201);
    const start = await api(`/sessions/${s.id}/start-batch`, { method: "POST", token: teacher.token });
    expect(start.status).toBe(200);
    expect(start.body.count).toBe(2);
    expect(await used(teacher)).toBe(before + 2);
    const list = await api(`/sessions/${s.id}/submissions`, { token: teacher.token });
    expect(list.body.map((x: any) => x.studentName)).toEqual(["김학생", "김학생"]);
    expect((await objectsOf(teacher)).filter((n) => n.includes("/essay-"))).toHaveLength(2);

    const nothing = await api(`/sessions/${s.id}/start-batch`, { method: "POST", token: teacher.token });
    expect(nothing.status).toBe(400);
  });

  it("append=1 adds to the staged batch; the plan limit counts the staged total; a plain upload replaces it", async () => {
    const teacher = await createMember();
    await setPlan(teacher, "educator");
    const s = await newSession(teacher);
    const before = await used(teacher);
    const essays = async () => (await objectsOf(teacher)).filter((n) => n.includes("/essay-"));

    const first = await api(`/sessions/${s.id}/batch-upload`, { token: teacher.token, form: batchForm(6) });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ count: 6, stagedCount: 6 });
    // Query flag and form field both work.
    const second = await api(`/sessions/${s.id}/batch-upload?append=1`, { token: teacher.token, form: batchForm(3) });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body).toMatchObject({ count: 3, stagedCount: 9 });
    const third = batchForm(1, true);
    third.append("append", "1");
    const ok = await api(`/sessions/${s.id}/batch-upload`, { token: teacher.token, form: third });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ count: 1, stagedCount: 10 });
    expect(await essays()).toHaveLength(10);

    // One more would make 11 staged: refused, nothing stored, the 10 stay.
    const over = await api(`/sessions/${s.id}/batch-upload?append=1`, { token: teacher.token, form: batchForm(1) });
    expect(over.status).toBe(400);
    expect(over.body.error).toContain("최대 10개");
    expect(await essays()).toHaveLength(10);
    // Staged answers stay hidden and cost nothing until start-batch.
    expect((await api(`/sessions/${s.id}/submissions`, { token: teacher.token })).body).toHaveLength(0);
    expect(await used(teacher)).toBe(before);

    // Without append the staged batch is replaced (and its stored files removed).
    const fresh = await api(`/sessions/${s.id}/batch-upload`, { token: teacher.token, form: batchForm(4) });
    expect(fresh.body).toMatchObject({ count: 4, stagedCount: 4 });
    expect(await essays()).toHaveLength(4);
    expect((await api(`/sessions/${s.id}/batch-upload?append=1`, { token: teacher.token, form: batchForm(2, true) })).status).toBe(201);

    const start = await api(`/sessions/${s.id}/start-batch`, { method: "POST", token: teacher.token });
    expect(start.status).toBe(200);
    expect(start.body.count).toBe(6);
    expect(await used(teacher)).toBe(before + 6);
    const names = (await api(`/sessions/${s.id}/submissions`, { token: teacher.token })).body.map((x: any) => x.studentName);
    expect(names.sort()).toEqual(["김학생", "김학생", "학생", "학생", "학생", "학생"]);

    // Started answers are not part of the staged total: a new batch may again hold 10.
    expect((await api(`/sessions/${s.id}/batch-upload`, { token: teacher.token, form: batchForm(5) })).status).toBe(201);
    expect((await api(`/sessions/${s.id}/batch-upload?append=1`, { token: teacher.token, form: batchForm(5) })).status).toBe(201);
  });

  it("append=1 uploads racing on one session never stage more than the plan allows", async () => {
    const teacher = await createMember();
    await setPlan(teacher, "educator");
    const s = await newSession(teacher);
    expect((await api(`/sessions/${s.id}/batch-upload`, { token: teacher.token, form: batchForm(4) })).status).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => api(`/sessions/${s.id}/batch-upload?append=1`, { token: teacher.token, form: batchForm(3) })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of results.filter((r) => r.status !== 201)) expect(r.status).toBe(400);
    const [row] = await sql()`
      select count(*)::int as n from public.essay_submissions where session_id = ${s.id} and not usage_charged`;
    expect(row.n).toBe(10);
    expect((await objectsOf(teacher)).filter((n) => n.includes("/essay-"))).toHaveLength(10);
  });

  it("another user cannot append to a session", async () => {
    const teacher = await createMember();
    const intruder = await createMember();
    await setPlan(teacher, "educator");
    await setPlan(intruder, "educator");
    const s = await newSession(teacher);
    const res = await api(`/sessions/${s.id}/batch-upload?append=1`, { token: intruder.token, form: batchForm(1) });
    expect(res.status).toBe(404);
    expect(await objectsOf(intruder)).toHaveLength(0);
  });

  it("start-batch with fewer uses left than files is usageExceeded and queues nothing", async () => {
    const teacher = await createMember();
    await setPlan(teacher, "educator");
    await setUsed(teacher, 498);
    const s = await newSession(teacher);
    expect((await api(`/sessions/${s.id}/batch-upload`, { token: teacher.token, form: batchForm(3) })).status).toBe(201);
    const start = await api(`/sessions/${s.id}/start-batch`, { method: "POST", token: teacher.token });
    expect(start.status).toBe(403);
    expect(start.body.usageExceeded).toBe(true);
    expect(start.body.usageInfo).toMatchObject({ current: 498, limit: 500 });
    expect(start.body.upgradeOptions.map((o: any) => o.id)).toEqual(["business"]);
    expect(await used(teacher)).toBe(498);
    expect((await api(`/sessions/${s.id}/submissions`, { token: teacher.token })).body).toHaveLength(0);
    expect((await objectsOf(teacher)).filter((n) => n.includes("/essay-"))).toHaveLength(0);
  });
});

describe("quota", () => {
  it("20 concurrent submissions with one use left: exactly one is accepted", async () => {
    const user = await createMember();
    const s = await newSession(user);
    await setUsed(user, 9); // trial: 10 per month
    const results = await Promise.all(Array.from({ length: 20 }, () => typed(user, s.id)));
    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(r.body.usageExceeded).toBe(true);
      expect(r.body.error).toMatch(/[\uac00-\ud7a3]/);
      expect(r.body.usageInfo).toMatchObject({ current: 10, limit: 10, planName: "체험판" });
      expect(typeof r.body.usageInfo.resetDate).toBe("string");
      expect(r.body.upgradeOptions.length).toBeGreaterThan(0);
      expect(Object.keys(r.body.upgradeOptions[0]).sort()).toEqual(["features", "id", "maxEssaysPerMonth", "name", "price"]);
      expect(r.body.daysRemaining).toBeGreaterThanOrEqual(0);
      expect(r.body.daysRemaining).toBeLessThanOrEqual(31);
    }
    expect(await used(user)).toBe(10);
    const [count] = await sql()`select count(*)::int as n from public.essay_submissions where session_id = ${s.id}`;
    expect(count.n).toBe(1);
  });

  it("refuses to create a session when no uses are left", async () => {
    const user = await createMember();
    await setUsed(user, 10);
    const form = new FormData();
    form.append("promptFile", fileOf(utf8("문제"), "문제.txt"));
    const res = await api("/sessions", { token: user.token, form });
    expect(res.status).toBe(403);
    expect(res.body.usageExceeded).toBe(true);
    expect((await api("/sessions", { token: user.token })).body).toEqual([]);
  });

  it("a guest has 3 uses in total", async () => {
    const guest = await createGuest();
    const s = await newSession(guest);
    for (let i = 0; i < 3; i++) expect((await typed(guest, s.id)).status).toBe(201);
    const fourth = await typed(guest, s.id);
    expect(fourth.status).toBe(403);
    expect(fourth.body.usageExceeded).toBe(true);
    expect(fourth.body.usageInfo).toMatchObject({ current: 3, limit: 3 });
    const [p] = await sql()`select guest_usage_count from public.profiles where id = ${guest.user.id}`;
    expect(p.guest_usage_count).toBe(3);
  });
});
