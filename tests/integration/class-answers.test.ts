// A session's class and answers linked to its students (수험번호, else exact name; never guessed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, setPlan, testSql, type TestUser } from "../helpers/users.ts";
import { expectApiError } from "../helpers/expect-api.ts";
import { FIXTURE_ESSAY, FIXTURE_PROMPT, submitEssay } from "../helpers/grading.ts";
import { fileOf, makeDocx, utf8 } from "../helpers/files.ts";
import { createClass } from "../helpers/rosters.ts";

let teacher: TestUser;
let other: TestUser;
let classId: string;
const ids: Record<string, string> = {};

async function enrol(examNumber: string, name: string, cls = classId): Promise<string> {
  const res = await api(`/classes/${cls}/students`, { token: teacher.token, json: { examNumber, name } });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

async function classSession(cls: string | null = classId): Promise<string> {
  const form = new FormData();
  form.append("promptFile", fileOf(utf8(FIXTURE_PROMPT), "문제.txt", "text/plain"));
  if (cls) form.append("classId", cls);
  const res = await api("/sessions", { token: teacher.token, form });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

const linkOf = async (id: string) =>
  (await testSql()`select roster_student_id from public.essay_submissions where id = ${id}`)[0]?.roster_student_id ?? null;

beforeAll(async () => {
  [teacher, other] = await Promise.all([createMember(), createMember()]);
  await setPlan(teacher, "educator");
  classId = (await createClass(teacher, "연결 반")).id;
  ids.kim = await enrol("20240101", "김민수");
  ids.lee = await enrol("20240102", "이서연");
  ids.park1 = await enrol("20240103", "박지훈");
  ids.park2 = await enrol("20240104", "박지훈");
  // A student of the teacher who is not in this class.
  const elsewhere = (await createClass(teacher, "다른 반")).id;
  ids.choi = await enrol("20240105", "최하은", elsewhere);
});

afterAll(async () => {
  await closeTestSql();
});

describe("a session's class", () => {
  it("is set at creation and by PATCH, shown in the session JSON; another's class is 404", async () => {
    const sessionId = await classSession();
    expect((await api(`/sessions/${sessionId}`, { token: teacher.token })).body.classId).toBe(classId);
    const plain = await classSession(null);
    expect((await api(`/sessions/${plain}`, { token: teacher.token })).body.classId).toBeNull();

    const foreign = (await createClass(other, "남의 반")).id;
    const form = new FormData();
    form.append("promptFile", fileOf(utf8(FIXTURE_PROMPT), "문제.txt", "text/plain"));
    form.append("classId", foreign);
    expectApiError(await api("/sessions", { token: teacher.token, form }), 404, "반을 찾을 수 없습니다.");
    expectApiError(
      await api(`/sessions/${plain}`, { token: teacher.token, method: "PATCH", json: { classId: foreign } }),
      404,
      "반을 찾을 수 없습니다.",
    );
    const set = await api(`/sessions/${plain}`, { token: teacher.token, method: "PATCH", json: { classId } });
    expect(set.status).toBe(200);
    expect(set.body.classId).toBe(classId);
    const unset = await api(`/sessions/${plain}`, { token: teacher.token, method: "PATCH", json: { classId: null } });
    expect(unset.body.classId).toBeNull();
  });
});

describe("answers linked to students", () => {
  it("links a typed answer by 수험번호, even under another name", async () => {
    const sessionId = await classSession();
    const id = await submitEssay(teacher, sessionId, FIXTURE_ESSAY, { studentName: "김민쑤", studentId: "20240101" });
    expect(await linkOf(id)).toBe(ids.kim);
    const list = await api(`/sessions/${sessionId}/submissions`, { token: teacher.token });
    expect(list.body[0]).toMatchObject({ rosterStudentId: ids.kim, rosterStudentName: "김민수" });
  });

  it("links a file answer from its file name (20240101_김민수.docx)", async () => {
    const sessionId = await classSession();
    const form = new FormData();
    form.append("essayFile", fileOf(await makeDocx([FIXTURE_ESSAY], null), "20240102_이서연.docx"));
    const res = await api(`/sessions/${sessionId}/submissions`, { token: teacher.token, form });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rosterStudentId: ids.lee, rosterStudentName: "이서연" });
  });

  it("links by exact name when there is no 수험번호; two students of that name or none → unlinked", async () => {
    const sessionId = await classSession();
    expect(await linkOf(await submitEssay(teacher, sessionId, FIXTURE_ESSAY, { studentName: "이서연" }))).toBe(ids.lee);
    expect(await linkOf(await submitEssay(teacher, sessionId, FIXTURE_ESSAY, { studentName: "박지훈" }))).toBeNull();
    expect(await linkOf(await submitEssay(teacher, sessionId, FIXTURE_ESSAY, { studentName: "정수아", studentId: "99999" }))).toBeNull();
    // Enrolled in another class of the teacher's only: not this class's student.
    expect(await linkOf(await submitEssay(teacher, sessionId, FIXTURE_ESSAY, { studentName: "최하은", studentId: "20240105" }))).toBeNull();
    expect(await testSql()`select 1 from public.students where user_id = ${teacher.user.id} and name = '정수아'`).toHaveLength(0);
  });

  it("does not link answers of a session without a class", async () => {
    const sessionId = await classSession(null);
    expect(await linkOf(await submitEssay(teacher, sessionId, FIXTURE_ESSAY, { studentName: "김민수", studentId: "20240101" }))).toBeNull();
  });

  it("links a batch's files by their names", async () => {
    const sessionId = await classSession();
    const form = new FormData();
    for (const name of ["20240101_김민수.txt", "박지훈_20240104.txt", "박지훈.txt", "모르는학생.txt"]) {
      form.append("files", fileOf(utf8(FIXTURE_ESSAY), name, "text/plain"));
      form.append("studentNames", "");
      form.append("studentIds", "");
    }
    const res = await api(`/sessions/${sessionId}/batch-upload`, { token: teacher.token, form });
    expect(res.status).toBe(201);
    const byFile = Object.fromEntries(
      (await testSql()`select essay_filename, roster_student_id from public.essay_submissions where session_id = ${sessionId}`).map((r) => [
        r.essay_filename,
        r.roster_student_id,
      ]),
    );
    expect(byFile).toEqual({
      "20240101_김민수.txt": ids.kim,
      "박지훈_20240104.txt": ids.park2,
      "박지훈.txt": null,
      "모르는학생.txt": null,
    });
  });

  it("links the existing answers when the class is set later, keeping links already chosen", async () => {
    const sessionId = await classSession(null);
    const a = await submitEssay(teacher, sessionId, FIXTURE_ESSAY, { studentName: "김민수", studentId: "20240101" });
    const b = await submitEssay(teacher, sessionId, FIXTURE_ESSAY, { studentName: "이서연" });
    const c = await submitEssay(teacher, sessionId, FIXTURE_ESSAY, { studentName: "박지훈" });
    expect([await linkOf(a), await linkOf(b), await linkOf(c)]).toEqual([null, null, null]);
    await api(`/sessions/${sessionId}`, { token: teacher.token, method: "PATCH", json: { classId } });
    expect([await linkOf(a), await linkOf(b), await linkOf(c)]).toEqual([ids.kim, ids.lee, null]);
  });

  it("lets the teacher choose or clear the student of an answer, only among the class's students", async () => {
    const sessionId = await classSession();
    const id = await submitEssay(teacher, sessionId, FIXTURE_ESSAY, { studentName: "박지훈" });
    const chosen = await api(`/submissions/${id}`, { token: teacher.token, method: "PATCH", json: { rosterStudentId: ids.park1 } });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ id, rosterStudentId: ids.park1, rosterStudentName: "박지훈" });
    expectApiError(
      await api(`/submissions/${id}`, { token: teacher.token, method: "PATCH", json: { rosterStudentId: ids.choi } }),
      422,
      "이 과제의 반에 등록된 학생만 고를 수 있습니다.",
    );
    expectApiError(
      await api(`/submissions/${id}`, { token: other.token, method: "PATCH", json: { rosterStudentId: null } }),
      404,
      "답안을 찾을 수 없습니다.",
    );
    const cleared = await api(`/submissions/${id}`, { token: teacher.token, method: "PATCH", json: { rosterStudentId: null } });
    expect(cleared.body.rosterStudentId).toBeNull();

    const plain = await submitEssay(teacher, await classSession(null), FIXTURE_ESSAY, { studentName: "박지훈" });
    expectApiError(
      await api(`/submissions/${plain}`, { token: teacher.token, method: "PATCH", json: { rosterStudentId: ids.park1 } }),
      409,
      "반이 정해진 과제의 답안만 학생과 연결할 수 있습니다.",
    );
  });
});
