// A student's history, a class's matrix and the class .xlsx against the real stack, with classes,
// students and graded answers made in SQL: the latest graded draft per assignment, the teacher's
// reviewed scores and comment, categories compared by exact name as a percent of each result's own
// maximum across two rubrics, the trends in words, who has not handed in; another teacher's student
// or class is a 404, a visitor without a token a 401.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import readXlsxFile from "read-excel-file/node";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { readStack } from "../helpers/stack.ts";
import type { ClassMatrix, StudentHistory } from "../../supabase/functions/_shared/growth.ts";

const sql = () => testSql();
const R1 = [
  { name: "논리 구조", maxScore: 40 },
  { name: "근거의 타당성", maxScore: 30 },
  { name: "언어 표현", maxScore: 30 },
];
const R2 = [
  { name: "근거의 타당성", maxScore: 20 },
  { name: "창의성", maxScore: 10 },
];
type Rubric = typeof R1;
const scores = (rubric: Rubric, points: number[]) =>
  rubric.map((c, i) => ({ name: c.name, score: points[i], maxScore: c.maxScore, feedback: "" }));
const marks = (...list: [string, string][]) =>
  list.map(([kind, category], i) => ({ start: i, end: i + 1, quote: "x", kind, category, comment: "c", rewrite: null, source: "ai" }));

let owner: TestUser;
let other: TestUser;
const ids: Record<string, string> = {};

async function session(user: TestUser, title: string, createdAt: string, classId: string | null, rubric: Rubric) {
  const [row] = await sql()`
    insert into public.analysis_sessions (user_id, title, prompt_content, rubric, class_id, created_at)
    values (${user.user.id}, ${title}, '문제', ${sql().json(rubric)}, ${classId}, ${createdAt}) returning id`;
  return row.id as string;
}

/** An answer of `studentId` in `sessionId`, graded at `gradedAt` unless `status` says otherwise. */
async function answer(
  user: TestUser,
  sessionId: string,
  studentId: string,
  o: {
    rubric?: Rubric;
    points?: number[];
    gradedAt?: string;
    status?: string;
    annotations?: unknown[];
    review?: unknown;
    comment?: string;
  } = {},
) {
  const status = o.status ?? "completed";
  const [e] = await sql()`
    insert into public.essay_submissions (session_id, user_id, essay_content, status, usage_charged, roster_student_id,
                                          analysis_completed_at, lease_owner, lease_expires_at)
    values (${sessionId}, ${user.user.id}, '답안', ${status}, true, ${studentId}, ${status === "completed" ? (o.gradedAt ?? null) : null},
            ${status === "analyzing" ? "test" : null}, ${status === "analyzing" ? new Date(Date.now() + 86_400_000) : null})
    returning id`;
  if (o.rubric && o.points) {
    const cats = scores(o.rubric, o.points);
    await sql()`
      insert into public.analysis_results (submission_id, overall_score, max_score, category_scores, rubric, annotations,
                                           detailed_feedback, review, reviewed_at)
      values (${e.id}, ${o.points.reduce((s, p) => s + p, 0)}, ${o.rubric.reduce((s, c) => s + c.maxScore, 0)},
              ${sql().json(cats)}, ${sql().json(o.rubric)}, ${sql().json((o.annotations ?? []) as never)},
              ${o.comment ?? "AI 종합 평가"}, ${o.review ? sql().json(o.review as never) : null}, ${o.review ? new Date() : null})`;
  }
  return e.id as string;
}

beforeAll(async () => {
  [owner, other] = await Promise.all([createMember(), createMember()]);
  const [klass] = await sql()`insert into public.classes (user_id, name) values (${owner.user.id}, '2학년 3반') returning id`;
  ids.class = klass.id;
  const student = async (user: TestUser, exam: string, name: string) =>
    (
      await sql()`insert into public.students (user_id, exam_number, name, notes) values (${user.user.id}, ${exam}, ${name}, '상담 메모') returning id`
    )[0].id as string;
  ids.s1 = await student(owner, "3", "김하나");
  ids.s2 = await student(owner, "10", "이둘");
  ids.s3 = await student(owner, "20", "박셋");
  await sql()`insert into public.class_students (class_id, student_id, seat_number)
              values (${ids.class}, ${ids.s1}, 2), (${ids.class}, ${ids.s2}, 1), (${ids.class}, ${ids.s3}, null)`;
  const [otherClass] = await sql()`insert into public.classes (user_id, name) values (${other.user.id}, '남의 반') returning id`;
  ids.otherClass = otherClass.id;
  ids.otherStudent = await student(other, "1", "남의 학생");

  // An assignment outside the class, then three of the class (two rubrics sharing 근거의 타당성).
  ids.a0 = await session(owner, "2월 진단", "2026-02-01T00:00:00Z", null, R1);
  ids.a1 = await session(owner, "3월 논술", "2026-03-01T00:00:00Z", ids.class, R1);
  ids.a2 = await session(owner, "4월 논술", "2026-04-01T00:00:00Z", ids.class, R2);
  ids.a3 = await session(owner, "5월 논술", "2026-05-01T00:00:00Z", ids.class, R1);

  await answer(owner, ids.a0, ids.s1, { rubric: R1, points: [38, 18, 29], gradedAt: "2026-02-02T00:00:00Z" });
  ids.s1a1 = await answer(owner, ids.a1, ids.s1, {
    rubric: R1,
    points: [36, 15, 29],
    gradedAt: "2026-03-02T00:00:00Z",
    annotations: marks(["고칠 점", "언어 표현"], ["고칠 점", "언어 표현"], ["잘한 점", "논리 구조"]),
  });
  // Two drafts in 4월: the one graded last counts, whatever order they were handed in.
  ids.s1a2 = await answer(owner, ids.a2, ids.s1, { rubric: R2, points: [12, 9], gradedAt: "2026-04-05T00:00:00Z" });
  await answer(owner, ids.a2, ids.s1, { rubric: R2, points: [4, 2], gradedAt: "2026-04-02T00:00:00Z" });
  // 5월: the teacher's review (근거 21 → 24, 언어 15 → 16) is what counts; the AI's 질문 marks do not.
  ids.s1a3 = await answer(owner, ids.a3, ids.s1, {
    rubric: R1,
    points: [20, 21, 15],
    gradedAt: "2026-05-02T00:00:00Z",
    annotations: marks(["질문", "논리 구조"], ["질문", "논리 구조"], ["질문", "논리 구조"], ["질문", "논리 구조"]),
    review: {
      overallScore: 60,
      maxScore: 100,
      categoryScores: scores(R1, [20, 24, 16]),
      strengths: [],
      improvementAreas: [],
      detailedFeedback: "선생님의 종합 평가",
      suggestions: [],
      annotations: marks(["고칠 점", "언어 표현"]),
    },
  });
  await answer(owner, ids.a3, ids.s1, { status: "error" });

  ids.s2a1 = await answer(owner, ids.a1, ids.s2, { rubric: R1, points: [20, 15, 15], gradedAt: "2026-03-03T00:00:00Z" });
  // Being graded (a lease the worker will not take over): handed in, not graded.
  await answer(owner, ids.a3, ids.s2, { status: "analyzing" });
}, 60_000);

afterAll(async () => {
  await closeTestSql();
});

describe("GET /students/:id", () => {
  it("gives every assignment's latest graded result oldest first, with final scores, percents and comment", async () => {
    const res = await api<StudentHistory>(`/students/${ids.s1}`, { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const h = res.body;
    expect(h.student).toEqual({
      id: ids.s1,
      examNumber: "3",
      name: "김하나",
      notes: "상담 메모",
      classes: [{ id: ids.class, name: "2학년 3반", seatNumber: 2 }],
    });
    expect(h.results.map((r) => [r.sessionTitle, r.submissionId ?? null, r.total, r.max, r.percent, r.reviewed])).toEqual([
      ["2월 진단", expect.any(String), 85, 100, 85, false],
      ["3월 논술", ids.s1a1, 80, 100, 80, false],
      ["4월 논술", ids.s1a2, 21, 30, 70, false],
      ["5월 논술", ids.s1a3, 60, 100, 60, true],
    ]);
    expect(h.results[3].comment).toBe("선생님의 종합 평가");
    expect(h.results[1].comment).toBe("AI 종합 평가");
    expect(h.results[3].categories.find((c) => c.name === "근거의 타당성")).toEqual({
      name: "근거의 타당성",
      score: 24,
      max: 30,
      percent: 80,
    });
    expect(h.results[2].categories).toEqual([
      { name: "근거의 타당성", score: 12, max: 20, percent: 60 },
      { name: "창의성", score: 9, max: 10, percent: 90 },
    ]);
    expect(h.categoryNames).toEqual(["논리 구조", "근거의 타당성", "언어 표현", "창의성"]);
  });

  it("tells the trends over the shared category by percent, and counts the final version's marks", async () => {
    const { body: h } = await api<StudentHistory>(`/students/${ids.s1}`, { token: owner.token });
    // 총점 85 → 80 → 70 → 60 %; 근거 60 → 50 → 60 (12/20) → 80 (24/30, the teacher's); 논리 95 → 90 → (none) → 50.
    expect(h.trends).toEqual(["총점 3회 연속 하락", "논리 구조가 2회 연속 하락", "근거의 타당성이 2회 연속 상승"]);
    expect(h.markKinds).toEqual([
      { kind: "고칠 점", count: 3 },
      { kind: "잘한 점", count: 1 },
    ]);
    expect(h.markTopics[0]).toEqual({ kind: "고칠 점", category: "언어 표현", count: 3 });
  });

  it("is a 404 for another teacher's student or a malformed id, and a 401 without a token", async () => {
    expect((await api(`/students/${ids.otherStudent}`, { token: owner.token })).status).toBe(404);
    const mine = await api(`/students/${ids.s1}`, { token: other.token });
    expect(mine.status).toBe(404);
    expect(mine.body.error).toBe("학생을 찾을 수 없습니다.");
    expect((await api(`/students/not-a-uuid`, { token: owner.token })).status).toBe(404);
    expect((await api(`/students/${ids.s1}`)).status).toBe(401);
  });
});

describe("GET /classes/:id/matrix", () => {
  it("crosses the roster (by 번호) with the class's assignments, latest graded draft per cell", async () => {
    const res = await api<ClassMatrix>(`/classes/${ids.class}/matrix`, { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const m = res.body;
    expect(m.class).toEqual({ id: ids.class, name: "2학년 3반" });
    expect(m.assignments.map((a) => a.title)).toEqual(["3월 논술", "4월 논술", "5월 논술"]);
    expect(m.students.map((s) => s.name)).toEqual(["이둘", "김하나", "박셋"]);
    const cells = (i: number) => m.students[i].cells.map((c) => c && [c.submissionId, c.score, c.max, c.percent, c.reviewed]);
    expect(cells(1)).toEqual([
      [ids.s1a1, 80, 100, 80, false],
      [ids.s1a2, 21, 30, 70, false],
      [ids.s1a3, 60, 100, 60, true],
    ]);
    expect(cells(0)).toEqual([[ids.s2a1, 50, 100, 50, false], null, null]);
    expect(cells(2)).toEqual([null, null, null]);
  });

  it("averages per assignment as percents and lists who has not handed in (one being graded counts as handed in)", async () => {
    const { body: m } = await api<ClassMatrix>(`/classes/${ids.class}/matrix`, { token: owner.token });
    expect(m.assignments.map((a) => a.averagePercent)).toEqual([65, 70, 60]);
    expect(m.assignments[0].categoryAverages).toEqual([
      { name: "논리 구조", percent: 70, count: 2 },
      { name: "근거의 타당성", percent: 50, count: 2 },
      { name: "언어 표현", percent: 74, count: 2 },
    ]);
    expect(m.assignments[1].categoryAverages).toEqual([
      { name: "근거의 타당성", percent: 60, count: 1 },
      { name: "창의성", percent: 90, count: 1 },
    ]);
    expect(m.assignments.map((a) => a.notSubmitted.map((s) => s.name))).toEqual([["박셋"], ["이둘", "박셋"], ["박셋"]]);
  });

  it("is a 404 for another teacher's class and a 401 without a token", async () => {
    const res = await api(`/classes/${ids.otherClass}/matrix`, { token: owner.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("반을 찾을 수 없습니다.");
    expect((await api(`/classes/${ids.class}/matrix`, { token: other.token })).status).toBe(404);
    expect((await api(`/classes/${ids.class}/matrix`)).status).toBe(401);
  });
});

describe("GET /classes/:id/export.xlsx", () => {
  it("is the class over the term: one row per student, points and % per assignment, and the category averages", async () => {
    const res = await fetch(`${readStack().apiUrl}/classes/${ids.class}/export.xlsx`, { headers: owner.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("2학년_3반_성적.xlsx")}`);
    const sheets = await readXlsxFile(Buffer.from(await res.arrayBuffer()));
    expect(sheets.map((s) => s.sheet)).toEqual(["학생별 점수", "항목별 평균"]);
    const [scores, averages] = sheets.map((s) => s.data);
    expect(scores[0]).toEqual([
      "수험번호",
      "이름",
      "번호",
      "3월 논술 점수",
      "3월 논술 %",
      "4월 논술 점수",
      "4월 논술 %",
      "5월 논술 점수",
      "5월 논술 %",
    ]);
    expect(scores.slice(1)).toEqual([
      ["10", "이둘", 1, 50, 50, null, null, null, null],
      ["3", "김하나", 2, 80, 80, 21, 70, 60, 60],
      ["20", "박셋", null, null, null, null, null, null, null],
    ]);
    expect(averages[0]).toEqual(["과제", "날짜", "채점 인원", "총점 %", "논리 구조 %", "근거의 타당성 %", "언어 표현 %", "창의성 %"]);
    expect(averages.slice(1)).toEqual([
      ["3월 논술", "2026. 3. 1.", 2, 65, 70, 50, 74, null],
      ["4월 논술", "2026. 4. 1.", 1, 70, null, 60, null, 90],
      ["5월 논술", "2026. 5. 1.", 1, 60, 50, 80, 53, null],
    ]);
  });

  it("is a 404 for another teacher's class and a 401 without a token", async () => {
    expect((await api(`/classes/${ids.otherClass}/export.xlsx`, { token: owner.token })).status).toBe(404);
    expect((await api(`/classes/${ids.class}/export.xlsx`)).status).toBe(401);
  });
});
