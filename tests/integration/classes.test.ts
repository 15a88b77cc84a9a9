// Classes and rosters through the API (/api/classes*, /api/students*) against the real stack.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, setPlan, testSql, type TestUser } from "../helpers/users.ts";
import { expectApiError } from "../helpers/expect-api.ts";
import { createSession, FIXTURE_ESSAY, submitEssay } from "../helpers/grading.ts";
import { fileOf, utf8 } from "../helpers/files.ts";
import { createClass, csvCp949, csvUtf8, importRoster, rosterOf, xlsxOf } from "../helpers/rosters.ts";

let teacher: TestUser;
let other: TestUser;

beforeAll(async () => {
  [teacher, other] = await Promise.all([createMember(), createMember()]);
  await setPlan(teacher, "educator");
});

afterAll(async () => {
  await closeTestSql();
});

const studentsOf = async (user: TestUser) =>
  (await testSql()`select exam_number, name from public.students where user_id = ${user.user.id} order by exam_number`).map((r) => ({
    ...r,
  }));

describe("classes", () => {
  it("creates, lists with counts, reads, changes and deletes a class; others get 404", async () => {
    const created = await createClass(teacher, "  2학년   1반 ", { grade: "2학년", subject: "국어", term: "" });
    expect(created).toMatchObject({ name: "2학년 1반", grade: "2학년", subject: "국어", term: null, studentCount: 0, sessionCount: 0 });
    expect(created.students).toEqual([]);
    expect(created.assignments).toEqual([]);

    const list = await api("/classes", { token: teacher.token });
    expect(list.status).toBe(200);
    expect(list.body.map((c: any) => c.id)).toContain(created.id);

    const patched = await api(`/classes/${created.id}`, { token: teacher.token, method: "PATCH", json: { term: "2026-1학기" } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "2학년 1반", term: "2026-1학기" });

    expectApiError(await api(`/classes/${created.id}`, { token: other.token }), 404, "반을 찾을 수 없습니다.");
    expectApiError(await api(`/classes/not-a-uuid`, { token: teacher.token }), 404, "반을 찾을 수 없습니다.");
    expectApiError(await api(`/classes/${created.id}`, { token: other.token, method: "DELETE" }), 404, "반을 찾을 수 없습니다.");
    expect((await api("/classes", { token: other.token })).body).toEqual([]);
    expectApiError(await api("/classes", { token: teacher.token, json: { name: "  " } }), 400, "반 이름을 입력해 주세요.");
    expectApiError(await api("/classes", { token: teacher.token, json: { name: "가".repeat(51) } }), 400, /50자/);

    const del = await api(`/classes/${created.id}`, { token: teacher.token, method: "DELETE" });
    expect(del.status).toBe(200);
    expect((await api(`/classes/${created.id}`, { token: teacher.token })).status).toBe(404);
  });

  it("counts students and assignments, and lists the assignments with their progress", async () => {
    const c = await createClass(teacher, "카운트 반");
    await api(`/classes/${c.id}/students`, { token: teacher.token, json: { examNumber: "30001", name: "홍길동" } });
    const sessionId = await createSession(teacher);
    expect((await api(`/sessions/${sessionId}`, { token: teacher.token, method: "PATCH", json: { classId: c.id } })).status).toBe(200);
    await submitEssay(teacher, sessionId, FIXTURE_ESSAY, { studentName: "홍길동", studentId: "30001" });
    const detail = await api(`/classes/${c.id}`, { token: teacher.token });
    expect(detail.body).toMatchObject({ studentCount: 1, sessionCount: 1 });
    expect(detail.body.assignments).toEqual([
      expect.objectContaining({ id: sessionId, title: "문제.txt", submissionCount: 1, reviewedCount: 0 }),
    ]);
    const listed = (await api("/classes", { token: teacher.token })).body.find((x: any) => x.id === c.id);
    expect(listed).toMatchObject({ studentCount: 1, sessionCount: 1 });
  });
});

describe("adding one student", () => {
  it("enrols an existing 수험번호 instead of duplicating it; another name for it is 409; a taken seat is 409", async () => {
    const a = await createClass(teacher, "추가 A");
    const b = await createClass(teacher, "추가 B");
    const first = await api(`/classes/${a.id}/students`, {
      token: teacher.token,
      json: { examNumber: "40001", name: "김민수", seatNumber: 3 },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ examNumber: "40001", name: "김민수", seatNumber: 3, notes: "" });

    const again = await api(`/classes/${b.id}/students`, { token: teacher.token, json: { examNumber: "40001", name: "김민수" } });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const [{ n }] =
      await testSql()`select count(*)::int as n from public.students where user_id = ${teacher.user.id} and exam_number = '40001'`;
    expect(n).toBe(1);

    const clash = await api(`/classes/${b.id}/students`, { token: teacher.token, json: { examNumber: "40001", name: "이서연" } });
    expectApiError(clash, 409, "수험번호 40001은(는) 이미 다른 이름(김민수)으로 등록되어 있습니다. 이름을 확인해 주세요.");

    const seat = await api(`/classes/${a.id}/students`, {
      token: teacher.token,
      json: { examNumber: "40002", name: "박지훈", seatNumber: 3 },
    });
    expectApiError(seat, 409, "이 반에 이미 3번 학생이 있습니다.");
    expect((await studentsOf(teacher)).some((s) => s.exam_number === "40002")).toBe(false);

    const bad = await api(`/classes/${a.id}/students`, {
      token: teacher.token,
      json: { examNumber: "40003", name: "최하은", seatNumber: 1000 },
    });
    expectApiError(bad, 400, "번호는 1부터 999까지의 정수로 입력해 주세요.");
    expectApiError(
      await api(`/classes/${a.id}/students`, { token: other.token, json: { examNumber: "1", name: "남의반" } }),
      404,
      "반을 찾을 수 없습니다.",
    );
  });

  it("sorts the roster by seat number, then 수험번호 in numeric order", async () => {
    const c = await createClass(teacher, "정렬 반");
    for (const [examNumber, name, seatNumber] of [
      ["100", "가나", null],
      ["9", "다라", null],
      ["50", "마바", 2],
      ["7", "사아", 1],
    ] as const) {
      await api(`/classes/${c.id}/students`, { token: teacher.token, json: { examNumber, name, seatNumber } });
    }
    const detail = await api(`/classes/${c.id}`, { token: teacher.token });
    expect(detail.body.students.map((s: any) => s.examNumber)).toEqual(["7", "50", "9", "100"]);
  });
});

describe("roster import", () => {
  const header = ["학번", "성명", "출석번호"];

  it("imports a CP949 CSV with Korean headers, all rows in one go", async () => {
    const c = await createClass(teacher, "가져오기 CP949");
    const roster = rosterOf(20, 50000);
    const res = await importRoster(teacher, c.id, csvCp949([header, ...roster.map((s) => [s.examNumber, s.name, s.seat])]), "명단.csv");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 20, enrolled: 0 });
    const detail = await api(`/classes/${c.id}`, { token: teacher.token });
    expect(detail.body.students.map((s: any) => [s.examNumber, s.name, s.seatNumber])).toEqual(
      roster.map((s) => [s.examNumber, s.name, s.seat]),
    );
  });

  it("imports UTF-8 with and without BOM and .xlsx (numbers as 수험번호), reusing existing students", async () => {
    const c = await createClass(teacher, "가져오기 xlsx");
    const roster = rosterOf(5, 51000);
    const rows = [["수험번호", "이름"], ...roster.map((s) => [Number(s.examNumber), s.name])];
    const xlsx = await importRoster(teacher, c.id, await xlsxOf(rows), "명단.xlsx");
    expect(xlsx.status).toBe(200);
    expect(xlsx.body.students.map((s: any) => s.examNumber)).toEqual(roster.map((s) => s.examNumber));

    const d = await createClass(teacher, "가져오기 UTF-8");
    const bom = await importRoster(teacher, d.id, csvUtf8([["수험번호", "이름"], ...roster.map((s) => [s.examNumber, s.name])]), "a.csv");
    expect(bom.status).toBe(200);
    expect(bom.body).toMatchObject({ created: 0, enrolled: 5 });
    const plain = await importRoster(
      teacher,
      d.id,
      csvUtf8(
        [
          ["번호", "이름", "수험번호"],
          [1, "새학생", "51999"],
        ],
        false,
      ),
      "b.csv",
    );
    expect(plain.status).toBe(200);
    expect(plain.body.students).toEqual([expect.objectContaining({ examNumber: "51999", name: "새학생", seatNumber: 1 })]);
  });

  it("imports nothing when any row is bad, and lists every bad row with a Korean reason", async () => {
    const c = await createClass(teacher, "가져오기 오류");
    await api(`/classes/${c.id}/students`, { token: teacher.token, json: { examNumber: "52000", name: "기존학생", seatNumber: 9 } });
    const before = await studentsOf(teacher);
    const res = await importRoster(
      teacher,
      c.id,
      csvUtf8([
        header,
        ["52001", "김민수", 1],
        ["", "이서연", 2],
        ["52003", "", 3],
        ["52001", "박지훈", 4],
        ["52005", "최하은", "다섯"],
        ["52006", "윤지우", 6],
        ["52007", "정수아", 7],
        ["52008", "강예준", 1],
      ]),
      "오류.csv",
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("명단의 5개 행에 문제가 있어 아무 학생도 추가하지 않았습니다. 고친 뒤 다시 올려 주세요.");
    expect(res.body.rows).toEqual([
      { row: 3, reason: "수험번호가 비어 있습니다." },
      { row: 4, reason: "이름이 비어 있습니다." },
      { row: 5, reason: "수험번호 52001이(가) 2행에도 있습니다." },
      { row: 6, reason: "번호는 1부터 999까지의 정수로 입력해 주세요." },
      { row: 9, reason: "번호 1이(가) 2행에도 있습니다." },
    ]);
    expect(await studentsOf(teacher)).toEqual(before);
  });

  it("checks the rows against the teacher's students and the class's seats, nothing imported", async () => {
    const c = await createClass(teacher, "가져오기 충돌");
    await api(`/classes/${c.id}/students`, { token: teacher.token, json: { examNumber: "53000", name: "기존학생", seatNumber: 9 } });
    await api(`/classes/${c.id}/students`, { token: teacher.token, json: { examNumber: "53009", name: "자리주인", seatNumber: 8 } });
    const before = await studentsOf(teacher);
    const res = await importRoster(
      teacher,
      c.id,
      // 53000 moves from seat 9 to 2, so 9 is free for 53002; seat 8 is another student's.
      csvUtf8([header, ["53001", "김민수", 1], ["53000", "다른이름", 2], ["53002", "정수아", 9], ["53003", "강예준", 8]]),
      "충돌.csv",
    );
    expect(res.status).toBe(422);
    expect(res.body.rows).toEqual([
      { row: 3, reason: "수험번호 53000은(는) 이미 다른 이름(기존학생)으로 등록되어 있습니다. 이름을 확인해 주세요." },
      { row: 5, reason: "이 반에 이미 8번 학생이 있습니다." },
    ]);
    expect(await studentsOf(teacher)).toEqual(before);
  });

  it("refuses a missing header, too many rows, a large file and a file of another type in Korean", async () => {
    const c = await createClass(teacher, "가져오기 한계");
    const noHeader = await importRoster(
      teacher,
      c.id,
      csvUtf8([
        ["가", "나"],
        ["1", "김민수"],
      ]),
      "x.csv",
    );
    expect(noHeader.status).toBe(422);
    expect(noHeader.body.rows).toEqual([{ row: 1, reason: "첫 줄에 '수험번호'(또는 학번)와 '이름'(또는 성명) 열 제목이 있어야 합니다." }]);
    const many = rosterOf(501, 60000).map((s) => [s.examNumber, s.name]);
    expectApiError(
      await importRoster(teacher, c.id, csvUtf8([["수험번호", "이름"], ...many]), "x.csv"),
      422,
      "명단은 한 번에 500명까지 올릴 수 있습니다.",
    );
    const big = Buffer.concat([csvUtf8([["수험번호", "이름"]]), Buffer.alloc(1024 * 1024, 0x20)]);
    expectApiError(await importRoster(teacher, c.id, big, "x.csv"), 413, "명단 파일은 1MB까지 올릴 수 있습니다.");
    expectApiError(await importRoster(teacher, c.id, utf8("수험번호,이름"), "x.pdf"), 400, /CSV\(\.csv\) 또는 엑셀/);
    expectApiError(await importRoster(teacher, c.id, Buffer.from("PK\x03\x04garbage"), "x.xlsx"), 422, /읽을 수 없습니다/);
    expectApiError(await importRoster(teacher, c.id, csvUtf8([["수험번호", "이름"]]), "x.csv"), 422, "명단에 학생이 없습니다.");
    const form = new FormData();
    expectApiError(await api(`/classes/${c.id}/students/import`, { token: teacher.token, form }), 400, /명단 파일/);
    expect((await api(`/classes/${c.id}`, { token: teacher.token })).body.students).toEqual([]);
  });
});

describe("removing and deleting students", () => {
  it("removes a student from one class only", async () => {
    const a = await createClass(teacher, "빼기 A");
    const b = await createClass(teacher, "빼기 B");
    const s = (await api(`/classes/${a.id}/students`, { token: teacher.token, json: { examNumber: "70001", name: "김민수" } })).body;
    await api(`/classes/${b.id}/students`, { token: teacher.token, json: { examNumber: "70001", name: "김민수" } });
    const res = await api(`/classes/${a.id}/students/${s.id}`, { token: teacher.token, method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await api(`/classes/${a.id}`, { token: teacher.token })).body.students).toEqual([]);
    expect((await api(`/classes/${b.id}`, { token: teacher.token })).body.students.map((x: any) => x.id)).toEqual([s.id]);
    expectApiError(
      await api(`/classes/${a.id}/students/${s.id}`, { token: teacher.token, method: "DELETE" }),
      404,
      "이 반에 등록된 학생이 아닙니다.",
    );
  });

  it("changes a student's name, notes and seat; a 수험번호 of another student is 409", async () => {
    const c = await createClass(teacher, "수정 반");
    const s = (await api(`/classes/${c.id}/students`, { token: teacher.token, json: { examNumber: "71001", name: "김민수" } })).body;
    await api(`/classes/${c.id}/students`, { token: teacher.token, json: { examNumber: "71002", name: "이서연" } });
    const res = await api(`/students/${s.id}`, {
      token: teacher.token,
      method: "PATCH",
      json: { name: "김민준", notes: "논술 동아리", classId: c.id, seatNumber: 5 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "김민준", notes: "논술 동아리", seatNumber: 5, examNumber: "71001" });
    expectApiError(await api(`/students/${s.id}`, { token: teacher.token, method: "PATCH", json: { examNumber: "71002" } }), 409, /71002/);
    expectApiError(
      await api(`/students/${s.id}`, { token: other.token, method: "PATCH", json: { name: "남" + "의학생" } }),
      404,
      "학생을 찾을 수 없습니다.",
    );
  });

  it("deletes a student keeping their answers anonymised, or deleting them with their files", async () => {
    const c = await createClass(teacher, "삭제 반");
    const keep = (await api(`/classes/${c.id}/students`, { token: teacher.token, json: { examNumber: "72001", name: "김민수" } })).body;
    const drop = (await api(`/classes/${c.id}/students`, { token: teacher.token, json: { examNumber: "72002", name: "이서연" } })).body;
    const sessionId = await createSession(teacher);
    await api(`/sessions/${sessionId}`, { token: teacher.token, method: "PATCH", json: { classId: c.id } });
    const keptAnswer = await submitEssay(teacher, sessionId, FIXTURE_ESSAY, { studentName: "김민수", studentId: "72001" });
    const form = new FormData();
    form.append("essayFile", fileOf(utf8(FIXTURE_ESSAY), "72002_이서연.txt", "text/plain"));
    const dropped = await api(`/sessions/${sessionId}/submissions`, { token: teacher.token, form });
    expect(dropped.body.rosterStudentId).toBe(drop.id);
    const [{ path }] = await testSql()`select essay_file_path as path from public.essay_submissions where id = ${dropped.body.id}`;
    expect(path).toBeTruthy();

    expectApiError(await api(`/students/${keep.id}`, { token: teacher.token, method: "DELETE" }), 400, /answers=keep 또는 delete/);
    const k = await api(`/students/${keep.id}?answers=keep`, { token: teacher.token, method: "DELETE" });
    expect(k.status).toBe(200);
    const [kept] = await testSql()`
      select student_name, student_id, roster_student_id, essay_content from public.essay_submissions where id = ${keptAnswer}`;
    expect(kept).toMatchObject({ student_name: null, student_id: null, roster_student_id: null });
    expect(kept.essay_content).toBe(FIXTURE_ESSAY.trim());

    expectApiError(
      await api(`/students/${drop.id}?answers=delete`, { token: other.token, method: "DELETE" }),
      404,
      "학생을 찾을 수 없습니다.",
    );
    const d = await api(`/students/${drop.id}?answers=delete`, { token: teacher.token, method: "DELETE" });
    expect(d.status).toBe(200);
    expect(d.body.deletedAnswers).toBe(1);
    expect(await testSql()`select 1 from public.essay_submissions where id = ${dropped.body.id}`).toHaveLength(0);
    expect(await testSql()`select 1 from storage.objects where bucket_id = 'essays' and name = ${path}`).toHaveLength(0);
    expect(await testSql()`select 1 from public.students where id in ${testSql()([keep.id, drop.id])}`).toHaveLength(0);
  });
});
