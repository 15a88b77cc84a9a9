// An organisation's classes, students and assignments through the API (X-Org-Id names the space):
// who sees what, class assignment (담당 교사), and a teacher's leaving (their organisation's rows pass
// to its owner, stored originals stay readable where they were uploaded). The organisation and its
// memberships are made with the service SQL (the organisation API is another domain's).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, setPlan, testSql, type TestUser } from "../helpers/users.ts";
import { expectApiError } from "../helpers/expect-api.ts";
import { FIXTURE_ESSAY, FIXTURE_PROMPT, FIXTURE_SCAN, submitEssay, waitForEnd } from "../helpers/grading.ts";
import { fileOf, utf8 } from "../helpers/files.ts";
import { createClass } from "../helpers/rosters.ts";
import { openIntake } from "../helpers/intake.ts";

let owner: TestUser, manager: TestUser, teacher: TestUser, maker: TestUser, outsider: TestUser;
let org = "";
const inOrg = (user: TestUser) => ({ token: user.token, headers: { "X-Org-Id": org } });
const sql = () => testSql();

async function orgSession(user: TestUser, opts: { classId?: string; scanPrompt?: boolean } = {}): Promise<string> {
  const form = new FormData();
  const prompt = opts.scanPrompt ? fileOf(FIXTURE_SCAN, "문제.png", "image/png") : fileOf(utf8(FIXTURE_PROMPT), "문제.txt", "text/plain");
  form.append("promptFile", prompt);
  if (opts.classId) form.append("classId", opts.classId);
  const res = await api("/sessions", { ...inOrg(user), form });
  if (res.status !== 201) throw new Error(`POST /sessions: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

const ids = (body: { id: string }[]) => body.map((x) => x.id);
const objectExists = async (name: string) =>
  (await sql()`select count(*)::int as n from storage.objects where bucket_id = 'essays' and name = ${name}`)[0].n === 1;

beforeAll(async () => {
  [owner, manager, teacher, maker, outsider] = await Promise.all([
    createMember(),
    createMember(),
    createMember(),
    createMember(),
    createMember(),
  ]);
  // the owner's plan gives the organisation its seats (business: 10)
  await setPlan(owner, "business");
  await setPlan(maker, "educator");
  [{ id: org }] = await sql()`insert into public.organisations (name, created_by) values ('공유 학원', ${owner.user.id}) returning id`;
  const [{ id: other }] = await sql()`insert into public.organisations (name) values ('다른 학원') returning id`;
  await sql()`
    insert into public.org_members (org_id, user_id, role)
    values (${org}, ${owner.user.id}, 'owner'), (${org}, ${manager.user.id}, 'manager'),
           (${org}, ${teacher.user.id}, 'teacher'), (${org}, ${maker.user.id}, 'teacher'), (${other}, ${outsider.user.id}, 'owner')`;
});

afterAll(async () => {
  await closeTestSql();
});

describe("an organisation's classes and assignments", () => {
  let classA: any;
  let graded = "";
  let sessionA = "";
  let sessionB = "";

  it("are made in the active space; the personal space lists only personal rows", async () => {
    classA = (await api("/classes", { ...inOrg(maker), json: { name: "A반" } })).body;
    const personal = await createClass(maker, "개인 반");
    const added = await api(`/classes/${classA.id}/students`, { ...inOrg(maker), json: { examNumber: "1001", name: "김민수" } });
    expect(added.status).toBe(201);
    sessionA = await orgSession(maker, { classId: classA.id, scanPrompt: true });
    sessionB = await orgSession(maker);
    graded = await submitEssay(maker, sessionB, FIXTURE_ESSAY, { studentName: "김민수", studentId: "1001" });
    expect((await waitForEnd(graded)).status).toBe("completed");

    const rows = await sql()`
      select (select org_id from public.classes where id = ${classA.id}) as class_org,
             (select org_id from public.students where id = ${added.body.id}) as student_org,
             (select org_id from public.analysis_sessions where id = ${sessionA}) as session_org,
             (select class_id from public.analysis_sessions where id = ${sessionA}) as session_class`;
    expect(rows[0]).toEqual({ class_org: org, student_org: org, session_org: org, session_class: classA.id });

    expect(ids((await api("/classes", { token: maker.token })).body)).toEqual([personal.id]);
    expect(ids((await api("/classes", inOrg(maker))).body)).toEqual([classA.id]);
    expect(ids((await api("/sessions", { token: maker.token })).body)).not.toContain(sessionA);
    expect(ids((await api("/sessions", inOrg(maker))).body).sort()).toEqual([sessionA, sessionB].sort());
    // A personal class cannot hold an organisation's assignment.
    const form = new FormData();
    form.append("promptFile", fileOf(utf8(FIXTURE_PROMPT), "문제.txt", "text/plain"));
    form.append("classId", personal.id);
    expectApiError(await api("/sessions", { ...inOrg(maker), form }), 404, "반을 찾을 수 없습니다.");
  });

  it("a manager sees all of them, opens a teacher's assignment and its results, and cannot change it", async () => {
    expect(ids((await api("/classes", inOrg(manager))).body)).toEqual([classA.id]);
    expect(ids((await api("/sessions", inOrg(manager))).body).sort()).toEqual([sessionA, sessionB].sort());
    expect((await api(`/sessions/${sessionB}`, inOrg(manager))).status).toBe(200);
    const subs = await api(`/sessions/${sessionB}/submissions`, inOrg(manager));
    expect(ids(subs.body)).toEqual([graded]);
    const report = await api(`/submissions/${graded}/report`, inOrg(manager));
    expect(report.status).toBe(200);
    expect(report.body.studentInfo).toMatchObject({ name: "김민수" });
    const patch = await api(`/sessions/${sessionB}`, { ...inOrg(manager), method: "PATCH", json: { title: "바꾼 제목" } });
    expectApiError(patch, 403, /볼 수만 있습니다/);
    expectApiError(await api(`/sessions/${sessionB}`, { ...inOrg(manager), method: "DELETE" }), 403, /볼 수만 있습니다/);
  });

  it("a teacher sees the classes assigned to them and those classes' assignments only", async () => {
    expect((await api("/classes", inOrg(teacher))).body).toEqual([]);
    expect((await api("/sessions", inOrg(teacher))).body).toEqual([]);
    expectApiError(await api(`/classes/${classA.id}`, inOrg(teacher)), 404, "반을 찾을 수 없습니다.");

    expectApiError(
      await api(`/classes/${classA.id}/teachers`, { ...inOrg(maker), method: "PUT", json: { userIds: [teacher.user.id] } }),
      403,
      "담당 교사는 기관의 소유자나 관리자만 정할 수 있습니다.",
    );
    expectApiError(
      await api(`/classes/${classA.id}/teachers`, { ...inOrg(manager), method: "PUT", json: { userIds: [outsider.user.id] } }),
      400,
      "기관 구성원만 담당 교사로 정할 수 있습니다.",
    );
    const saved = await api(`/classes/${classA.id}/teachers`, {
      ...inOrg(manager),
      method: "PUT",
      json: { userIds: [teacher.user.id, maker.user.id] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.teachers.map((t: any) => t.userId).sort()).toEqual([teacher.user.id, maker.user.id].sort());
    expect(saved.body.members).toHaveLength(4);

    const read = await api(`/classes/${classA.id}/teachers`, inOrg(teacher));
    expect(read.body).toMatchObject({ organisation: true, canAssign: false, members: [] });
    expect(read.body.teachers).toHaveLength(2);
    expect(ids((await api("/classes", inOrg(teacher))).body)).toEqual([classA.id]);
    expect(ids((await api("/sessions", inOrg(teacher))).body)).toEqual([sessionA]);
    expect((await api(`/sessions/${sessionB}`, inOrg(teacher))).status).toBe(404);
    const personal = await createClass(teacher, "선생님 개인 반");
    expectApiError(
      await api(`/classes/${personal.id}/teachers`, { token: teacher.token, method: "PUT", json: { userIds: [] } }),
      400,
      "기관의 반에만 담당 교사를 정할 수 있습니다.",
    );
  });

  it("a member of another organisation sees nothing (404), and cannot act in this one (403)", async () => {
    expectApiError(await api(`/classes/${classA.id}`, { token: outsider.token }), 404, "반을 찾을 수 없습니다.");
    expectApiError(await api(`/sessions/${sessionB}`, { token: outsider.token }), 404, "작업을 찾을 수 없습니다.");
    expect((await api(`/submissions/${graded}/report`, { token: outsider.token })).status).toBe(404);
    expectApiError(await api("/classes", inOrg(outsider)), 403, /구성원이 아닙니다/);
    expectApiError(await api("/sessions", inOrg(outsider)), 403, /구성원이 아닙니다/);
  });

  it("a leaver's rows pass to the owner: nothing deleted, results and stored originals still readable", async () => {
    const link = await openIntake(maker, sessionA);
    expect(link.url ?? link.token).toBeTruthy();
    const [before] = await sql()`select prompt_file_path from public.analysis_sessions where id = ${sessionA}`;
    expect(before.prompt_file_path.startsWith(`${maker.user.id}/`)).toBe(true);
    const mine = (await api("/classes", { token: maker.token })).body.map((c: any) => c.id);

    await sql()`delete from public.org_members where org_id = ${org} and user_id = ${maker.user.id}`;

    const [moved] = await sql()`
      select (select count(*) from public.classes where org_id = ${org} and user_id = ${maker.user.id})::int as classes_left,
             (select count(*) from public.students where org_id = ${org} and user_id = ${owner.user.id})::int as students,
             (select count(*) from public.analysis_sessions where id in (${sessionA}, ${sessionB}) and user_id = ${owner.user.id})::int as sessions,
             (select user_id from public.essay_submissions where id = ${graded}) as answer_owner,
             (select user_id from public.intake_links where session_id = ${sessionA}) as link_owner,
             (select count(*) from public.class_teachers where user_id = ${maker.user.id})::int as maker_assignments,
             (select count(*) from public.class_teachers where user_id = ${teacher.user.id})::int as teacher_assignments`;
    expect(moved).toEqual({
      classes_left: 0,
      students: 1,
      sessions: 2,
      answer_owner: owner.user.id,
      link_owner: owner.user.id,
      maker_assignments: 0,
      teacher_assignments: 1,
    });
    // Personal rows stay the leaver's.
    expect(ids((await api("/classes", { token: maker.token })).body)).toEqual(mine);

    expectApiError(await api(`/sessions/${sessionB}`, { token: maker.token }), 404, "작업을 찾을 수 없습니다.");
    expectApiError(await api("/sessions", inOrg(maker)), 403, /구성원이 아닙니다/);
    const report = await api(`/submissions/${graded}/report`, inOrg(owner));
    expect(report.status).toBe(200);
    expect(ids((await api(`/sessions/${sessionB}/submissions`, inOrg(owner))).body)).toEqual([graded]);

    // The question photo stays in the leaver's folder; the owner's new answer is graded with it.
    const next = await submitEssay(owner, sessionA, FIXTURE_ESSAY, { studentName: "김민수", studentId: "1001" });
    const row = await waitForEnd(next);
    expect(row.status).toBe("completed");
    const [after] = await sql()`select prompt_file_path, prompt_content from public.analysis_sessions where id = ${sessionA}`;
    expect(after.prompt_file_path).toBe(before.prompt_file_path);
    expect(after.prompt_content).not.toBe("");
  }, 90_000);

  it("the leaver's account deletion leaves the organisation's originals; the owner's deletion of the assignment removes them", async () => {
    const [s] = await sql()`select prompt_file_path from public.analysis_sessions where id = ${sessionB}`;
    expect(await objectExists(s.prompt_file_path)).toBe(true);
    const del = await api("/account/delete", { token: maker.token, json: { password: maker.password } });
    expect(del.status).toBe(200);
    expect(await objectExists(s.prompt_file_path)).toBe(true);
    expect((await api(`/sessions/${sessionB}`, inOrg(owner))).status).toBe(200);

    expect((await api(`/sessions/${sessionB}`, { ...inOrg(owner), method: "DELETE" })).status).toBe(200);
    expect(await objectExists(s.prompt_file_path)).toBe(false);
  });
});

describe("an organisation's student deleted", () => {
  it("by a manager, with a teacher's answers kept anonymised; another teacher of the organisation cannot", async () => {
    await setPlan(teacher, "educator");
    const c = (await api("/classes", { ...inOrg(teacher), json: { name: "삭제 반" } })).body;
    const st = (await api(`/classes/${c.id}/students`, { ...inOrg(teacher), json: { examNumber: "2001", name: "이서연" } })).body;
    const sid = await orgSession(teacher, { classId: c.id });
    const answer = await submitEssay(teacher, sid, FIXTURE_ESSAY, { studentName: "이서연", studentId: "2001" });
    await waitForEnd(answer);
    const [linked] = await sql()`select roster_student_id from public.essay_submissions where id = ${answer}`;
    expect(linked.roster_student_id).toBe(st.id);

    // The owner's other teacher (never assigned to this class) does not reach the student.
    const other = await createMember();
    await sql()`insert into public.org_members (org_id, user_id, role) values (${org}, ${other.user.id}, 'teacher')`;
    expectApiError(await api(`/students/${st.id}?answers=keep`, { ...inOrg(other), method: "DELETE" }), 404, "학생을 찾을 수 없습니다.");

    const del = await api(`/students/${st.id}?answers=keep`, { ...inOrg(manager), method: "DELETE" });
    expect(del.status).toBe(200);
    const [row] = await sql()`select student_name, student_id, roster_student_id from public.essay_submissions where id = ${answer}`;
    expect(row).toEqual({ student_name: null, student_id: null, roster_student_id: null });
    expect((await sql()`select 1 from public.students where id = ${st.id}`).length).toBe(0);
  }, 60_000);
});
