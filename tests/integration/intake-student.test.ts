// The student's side of intake through the API (public; the code in a header or the form, never the URL):
// the assignment behind a link; drafts typed or as a file, numbered, bounded by the link's drafts, 20 a day,
// the teacher's uses (a polite 403, nothing stored, the teacher's notice); wrong codes (10 per link and
// address in 10 minutes, then 429), codes of another class, revoked codes, closed and expired links;
// the student's own drafts with the report only once released.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectApiError } from "../helpers/expect-api.ts";
import { fileOf, utf8 } from "../helpers/files.ts";
import { FIXTURE_ESSAY, FIXTURE_SCAN, waitForEnd } from "../helpers/grading.ts";
import { classWithAssignment, type IntakeClass, issueCodes, openIntake } from "../helpers/intake.ts";
import { api, closeTestSql, createMember, setPlan, testSql, type TestUser } from "../helpers/users.ts";

let teacher: TestUser;
let seq = 0;
/** A fresh client address per test, so the per-address bounds of one test do not reach another. */
const address = () => `198.18.29.${++seq}`;

beforeAll(async () => {
  teacher = await createMember();
  await setPlan(teacher, "educator");
});

afterAll(async () => {
  await closeTestSql();
});

interface Fixture extends IntakeClass {
  token: string;
  codes: Record<string, string>;
}

async function fixture(names: string[], link: Record<string, unknown> = {}): Promise<Fixture> {
  const c = await classWithAssignment(teacher, names);
  const { token } = await openIntake(teacher, c.sessionId, link);
  return { ...c, token, codes: await issueCodes(teacher, c.classId) };
}

function draftForm(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

const submit = (token: string, code: string | null, essay: string | File, ip = address(), inForm = false) =>
  api(`/intake/${token}/drafts`, {
    form: draftForm({
      ...(typeof essay === "string" ? { essayContent: essay } : { file: essay }),
      ...(inForm && code ? { studentCode: code } : {}),
    }),
    headers: { "X-Forwarded-For": ip, ...(!inForm && code ? { "X-Student-Code": code } : {}) },
  });

const ownDrafts = (token: string, code: string, ip = address()) =>
  api(`/intake/${token}/drafts`, { headers: { "X-Student-Code": code, "X-Forwarded-For": ip } });

describe("a submission link, as a student opens it", () => {
  it("shows the assignment, question and deadline; unknown, closed and expired links are refused in Korean", async () => {
    const f = await fixture(["김민수"]);
    const res = await api(`/intake/${f.token}`, { headers: { "X-Forwarded-For": address() } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ maxDrafts: 2, release: "after_review" });
    expect(res.body.question.length).toBeGreaterThan(10);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expectApiError(await api(`/intake/${"A".repeat(43)}`), 404, /제출 링크를 찾을 수 없습니다/);
    expectApiError(await api(`/intake/short`), 404, /제출 링크를 찾을 수 없습니다/);

    await testSql()`update public.intake_links set deadline = now() - interval '1 minute' where session_id = ${f.sessionId}`;
    expectApiError(await api(`/intake/${f.token}`), 410, "제출 기한이 지났습니다.");
    expectApiError(await submit(f.token, f.codes[f.students[0].id], FIXTURE_ESSAY), 410, "제출 기한이 지났습니다.");
    await testSql()`update public.intake_links set deadline = now() + interval '1 day' where session_id = ${f.sessionId}`;
    await api(`/sessions/${f.sessionId}/intake`, { token: teacher.token, method: "DELETE" });
    expectApiError(await api(`/intake/${f.token}`), 410, "선생님이 제출을 마감했습니다.");
  });
});

describe("handing in drafts", () => {
  it("numbers a student's drafts (typed, code in the header or the form; a .txt file), links them to the student, up to the link's drafts", async () => {
    const f = await fixture(["이서연"], { maxDrafts: 2 });
    const st = f.students[0];
    const first = await submit(f.token, f.codes[st.id].toLowerCase().replace(/^(....)/, "$1-"), FIXTURE_ESSAY);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      draftNumber: 1,
      message: "1번째 글이 제출되었습니다. 첨삭이 끝나면 이 화면에서 확인할 수 있습니다.",
    });
    const second = await submit(f.token, f.codes[st.id], fileOf(utf8(FIXTURE_ESSAY), "수정본.txt"), address(), true);
    expect(second.status).toBe(201);
    expect(second.body.draftNumber).toBe(2);
    expectApiError(await submit(f.token, f.codes[st.id], FIXTURE_ESSAY), 409, "이 과제에는 2번까지 제출할 수 있으며, 모두 제출했습니다.");

    const rows = await testSql()`
      select d.draft_number, e.roster_student_id, e.student_name, e.student_id, e.usage_charged, e.essay_filename
        from public.essay_drafts d join public.essay_submissions e on e.id = d.submission_id
       where d.session_id = ${f.sessionId} order by d.draft_number`;
    expect(rows.map((r) => ({ ...r }))).toEqual([
      {
        draft_number: 1,
        roster_student_id: st.id,
        student_name: "이서연",
        student_id: st.examNumber,
        usage_charged: true,
        essay_filename: null,
      },
      {
        draft_number: 2,
        roster_student_id: st.id,
        student_name: "이서연",
        student_id: st.examNumber,
        usage_charged: true,
        essay_filename: "수정본.txt",
      },
    ]);
  });

  it("reads a photographed draft as teachers' scans are read (its text stored, its calls on the teacher's record)", async () => {
    const f = await fixture(["정하은"]);
    const res = await submit(f.token, f.codes[f.students[0].id], fileOf(FIXTURE_SCAN, "답안.png", "image/png"));
    expect(res.status).toBe(201);
    const [row] = await testSql()`
      select e.essay_content, e.essay_mime_type, e.user_id from public.essay_submissions e where e.id = ${res.body.id}`;
    expect(row).toMatchObject({ essay_mime_type: "image/png", user_id: teacher.user.id });
    expect(row.essay_content.trim().length).toBeGreaterThanOrEqual(50);
    const calls = await testSql()`select user_id from public.grading_usage where submission_id = ${res.body.id}`;
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.user_id === teacher.user.id)).toBe(true);
  });

  it("never takes the code from the URL; a missing code is 400, a too short essay the usual Korean 400", async () => {
    const f = await fixture(["박지훈"]);
    const code = f.codes[f.students[0].id];
    const res = await api(`/intake/${f.token}/drafts?studentCode=${code}`, { form: draftForm({ essayContent: FIXTURE_ESSAY }) });
    expectApiError(res, 400, "학생 코드를 입력해 주세요.");
    expectApiError(await submit(f.token, code, "짧은 글"), 400, /./);
    expect((await testSql()`select 1 from public.essay_drafts where session_id = ${f.sessionId}`).length).toBe(0);
  });

  it("a code opens only its own class's links; a revoked code opens nothing", async () => {
    const a = await fixture(["최하은"]);
    const b = await fixture(["정도윤"]);
    const codeA = a.codes[a.students[0].id];
    expectApiError(await submit(b.token, codeA, FIXTURE_ESSAY), 403, /학생 코드가 올바르지 않습니다/);
    expectApiError(await ownDrafts(b.token, codeA), 403, /학생 코드가 올바르지 않습니다/);
    await api(`/classes/${a.classId}/student-codes`, { token: teacher.token, json: { studentIds: [a.students[0].id], reissue: true } });
    expectApiError(await submit(a.token, codeA, FIXTURE_ESSAY), 403, /학생 코드가 올바르지 않습니다/);
    expect((await testSql()`select 1 from public.essay_drafts where session_id in ${testSql()([a.sessionId, b.sessionId])}`).length).toBe(
      0,
    );
  });

  it("a code revoked without a new one opens nothing until the teacher issues the student a new code", async () => {
    const f = await fixture(["서지민", "한유진"]);
    const other = await createMember();
    const [revokedStudent, keptStudent] = f.students.map((s) => s.id);
    const old = f.codes[revokedStudent];
    expect((await ownDrafts(f.token, old)).status).toBe(200);

    const res = await api(`/classes/${f.classId}/student-codes/revoke`, { token: teacher.token, json: { studentIds: [revokedStudent] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: 1 });
    expectApiError(await ownDrafts(f.token, old), 403, /학생 코드가 올바르지 않습니다/);
    expect((await ownDrafts(f.token, f.codes[keptStudent])).status).toBe(200);
    // revoking again finds no code in force; another teacher's class is a 404; a student of another class a 400
    expect(
      (await api(`/classes/${f.classId}/student-codes/revoke`, { token: teacher.token, json: { studentIds: [revokedStudent] } })).body,
    ).toEqual({
      revoked: 0,
    });
    expectApiError(
      await api(`/classes/${f.classId}/student-codes/revoke`, { token: other.token, json: { studentIds: [revokedStudent] } }),
      404,
      "반을 찾을 수 없습니다.",
    );
    const elsewhere = await fixture(["오세훈"]);
    expectApiError(
      await api(`/classes/${f.classId}/student-codes/revoke`, { token: teacher.token, json: { studentIds: [elsewhere.students[0].id] } }),
      400,
      "이 반에 등록되지 않은 학생이 있습니다.",
    );

    // the student has no code now, so a plain issue gives them one (and only them)
    const issued = await api(`/classes/${f.classId}/student-codes`, { token: teacher.token, json: {} });
    expect(issued.body.codes.map((c: { studentId: string }) => c.studentId)).toEqual([revokedStudent]);
    expect((await ownDrafts(f.token, issued.body.codes[0].code)).status).toBe(200);
  });

  it("after 10 wrong codes from one address the link answers 429 for 10 minutes, even to a right code; other addresses go on", async () => {
    const f = await fixture(["강수아"]);
    const ip = address();
    for (let i = 0; i < 10; i++) {
      expectApiError(await ownDrafts(f.token, i % 2 ? "ABCDEFGH" : "0000", ip), 403, /학생 코드가 올바르지 않습니다/);
    }
    const locked = await ownDrafts(f.token, "ABCDEFGH", ip);
    expectApiError(locked, 429, "학생 코드를 너무 여러 번 틀렸습니다. 10분 뒤에 다시 시도해 주세요.");
    expect(locked.body.retryAfter).toBeGreaterThan(500);
    expectApiError(await ownDrafts(f.token, f.codes[f.students[0].id], ip), 429, /10분 뒤에/);
    expect((await ownDrafts(f.token, f.codes[f.students[0].id], address())).status).toBe(200);
  });

  it("at most 20 draft attempts per link and student a day (Korean 429)", async () => {
    const f = await fixture(["조예준"], { maxDrafts: 10 });
    const code = f.codes[f.students[0].id];
    for (let i = 0; i < 20; i++) expect((await submit(f.token, code, "짧음")).status).toBe(400);
    expectApiError(await submit(f.token, code, FIXTURE_ESSAY), 429, "오늘은 이 과제에 더 제출할 수 없습니다. 내일 다시 시도해 주세요.");
  });

  it("when the teacher's uses have run out: a polite Korean 403, nothing stored or charged, a notice on the teacher's link", async () => {
    const poor = await createMember();
    await setPlan(poor, "educator");
    const c = await classWithAssignment(poor, ["윤지우"]);
    const { token } = await openIntake(poor, c.sessionId);
    const codes = await issueCodes(poor, c.classId);
    await testSql()`select private.ensure_current_usage(${poor.user.id}::uuid)`;
    await testSql()`
      update public.usage_tracking u set essay_count = p.max_essays_per_month
        from public.subscription_plans p
       where p.id = 'educator' and u.user_id = ${poor.user.id} and u.period_start = (private.current_period()).period_start`;
    const res = await submit(token, codes[c.students[0].id], FIXTURE_ESSAY);
    expectApiError(res, 403, /선생님의 첨삭 이용량이 모두 사용되어/);
    expect(JSON.stringify(res.body)).not.toMatch(/usageInfo|planName|upgradeOptions/);
    expect((await testSql()`select 1 from public.essay_submissions where session_id = ${c.sessionId}`).length).toBe(0);
    const link = await api(`/sessions/${c.sessionId}/intake`, { token: poor.token });
    expect(link.body.link.quotaRefusedAt).not.toBeNull();
  });
});

describe("a student's own drafts", () => {
  it("lists only the student's own drafts not hidden by the teacher; the report only after 검토 완료 when release waits for review", async () => {
    const f = await fixture(["임시우", "김서윤"]);
    const [me, them] = f.students;
    const mine = await submit(f.token, f.codes[me.id], FIXTURE_ESSAY);
    const theirs = await submit(f.token, f.codes[them.id], FIXTURE_ESSAY);
    await waitForEnd(mine.body.id);
    await waitForEnd(theirs.body.id);

    const before = await ownDrafts(f.token, f.codes[me.id]);
    expect(before.status).toBe(200);
    expect(before.body.student).toEqual({ name: "임시우" });
    expect(before.body.drafts).toHaveLength(1);
    expect(before.body.drafts[0]).toMatchObject({ id: mine.body.id, draftNumber: 1, state: "awaitingReview", report: null });

    expect((await api(`/submissions/${mine.body.id}/review/complete`, { token: teacher.token, method: "POST" })).status).toBe(200);
    const after = await ownDrafts(f.token, f.codes[me.id]);
    expect(after.body.drafts[0]).toMatchObject({ state: "released", report: { reviewed: true, studentInfo: { name: "임시우" } } });
    expect(after.body.drafts[0].report.answer).toContain(FIXTURE_ESSAY.trim().slice(0, 20));
    expect(JSON.stringify(after.body)).not.toContain(theirs.body.id);
    expect(JSON.stringify(after.body)).not.toMatch(/"edits"|"notes"/);

    const hide = (token: string, hidden: boolean) =>
      api(`/sessions/${f.sessionId}/intake/drafts/${mine.body.id}`, { token, method: "PATCH", json: { hidden } });
    const stranger = await createMember();
    expectApiError(await hide(stranger.token, true), 404, "제출본을 찾을 수 없습니다.");
    expect((await hide(teacher.token, true)).body).toEqual({ id: mine.body.id, hidden: true });
    expect((await ownDrafts(f.token, f.codes[me.id])).body.drafts).toEqual([]);
    await hide(teacher.token, false);
    expect((await ownDrafts(f.token, f.codes[me.id])).body.drafts).toHaveLength(1);
  });

  it("a link that releases at once shows the graded report without a review", async () => {
    const f = await fixture(["이민수"], { release: "immediate" });
    const code = f.codes[f.students[0].id];
    const sent = await submit(f.token, code, FIXTURE_ESSAY);
    await waitForEnd(sent.body.id);
    const res = await ownDrafts(f.token, code);
    expect(res.body.drafts[0]).toMatchObject({ state: "released", report: { reviewed: false } });
    expect(res.body.drafts[0].report.overallScore).toEqual(expect.any(Number));
  });
});

describe("the teacher's view of a student's revision", () => {
  it("lists the drafts with scores and, per pair, the sentence diff, the addressed marks and the score change", async () => {
    const f = await fixture(["박서윤"], { release: "immediate" });
    const st = f.students[0];
    const code = f.codes[st.id];
    const first = await submit(f.token, code, `${FIXTURE_ESSAY.trim()}\n[[llm:score:0.5]]`);
    await waitForEnd(first.body.id);
    const revised = `${FIXTURE_ESSAY.trim()}\n구체적인 통계를 근거로 덧붙여 주장을 보강하였다.\n[[llm:score:0.9]]`;
    const second = await submit(f.token, code, revised);
    await waitForEnd(second.body.id);
    await testSql()`update public.essay_drafts set hidden = true where submission_id = ${first.body.id}`;

    const res = await api(`/students/${st.id}/drafts?sessionId=${f.sessionId}`, { token: teacher.token });
    expect(res.status).toBe(200);
    expect(res.body.drafts.map((d: any) => [d.draftNumber, d.hidden, typeof d.overallScore])).toEqual([
      [1, true, "number"],
      [2, false, "number"],
    ]);
    const [c] = res.body.comparisons;
    expect(c).toMatchObject({ from: 1, to: 2 });
    expect(c.sentences).toContainEqual({ kind: "added", sentences: ["구체적인 통계를 근거로 덧붙여 주장을 보강하였다."] });
    expect(c.total.after).toBeGreaterThan(c.total.before);
    expect(c.categories.length).toBeGreaterThan(0);
    for (const row of c.categories) expect(row.change).toBe(Math.round((row.after - row.before) * 10) / 10);
    expect(c.total.change).toBe(Math.round((c.total.after - c.total.before) * 10) / 10);

    const summary = await api(`/classes/${f.classId}/drafts-summary`, { token: teacher.token });
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({ students: [{ studentId: st.id, drafts: 2 }], revisedPairs: 1, averageImprovement: 40 });
    expectApiError(
      await api(`/classes/${f.classId}/drafts-summary`, { token: (await createMember()).token }),
      404,
      "반을 찾을 수 없습니다.",
    );

    const stranger = await createMember();
    expectApiError(
      await api(`/students/${st.id}/drafts?sessionId=${f.sessionId}`, { token: stranger.token }),
      404,
      "학생을 찾을 수 없습니다.",
    );
    expectApiError(await api(`/students/${st.id}/drafts`, { token: teacher.token }), 400, "과제를 선택해 주세요.");
  });
});
