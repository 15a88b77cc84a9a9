// The teacher's side of intake through the API: an assignment's submission link (needs a class; made,
// changed, closed, replaced; stored hashed, answered once) and a class's student codes (issued once per
// student, re-issued on request, stored hashed, from the unambiguous alphabet).
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectApiError } from "../helpers/expect-api.ts";
import { createSession } from "../helpers/grading.ts";
import { classWithAssignment, inDays, issueCodes, openIntake } from "../helpers/intake.ts";
import { api, closeTestSql, createMember, testSql, type TestUser } from "../helpers/users.ts";

let teacher: TestUser;
let other: TestUser;

beforeAll(async () => {
  [teacher, other] = await Promise.all([createMember(), createMember()]);
});

afterAll(async () => {
  await closeTestSql();
});

const sha = (s: string) => createHash("sha256").update(s).digest();

describe("an assignment's submission link", () => {
  it("is made for an assignment of a class with a hashed token, defaults 2 drafts and release after review", async () => {
    const { sessionId } = await classWithAssignment(teacher, ["김민수"]);
    const link = await openIntake(teacher, sessionId);
    expect(link).toMatchObject({ sessionId, maxDrafts: 2, release: "after_review", open: true, closedAt: null });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toMatch(new RegExp(`/i/${link.token}$`));
    const [row] = await testSql()`select token_hash from public.intake_links where session_id = ${sessionId}`;
    expect(Buffer.from(row.token_hash).equals(sha(link.token))).toBe(true);
    const read = await api(`/sessions/${sessionId}/intake`, { token: teacher.token });
    expect(read.status).toBe(200);
    expect(read.body.link).toMatchObject({ id: link.id, open: true });
    expect(JSON.stringify(read.body)).not.toContain(link.token);
  });

  it("needs a class, an owner, a deadline ahead and 1–10 drafts; a second open link is refused", async () => {
    const bare = await createSession(teacher);
    expectApiError(
      await api(`/sessions/${bare}/intake`, { token: teacher.token, json: { deadline: inDays(3) } }),
      409,
      "학생 제출을 받으려면 먼저 과제에 반을 지정해 주세요.",
    );
    const { sessionId } = await classWithAssignment(teacher, ["이서연"]);
    expectApiError(
      await api(`/sessions/${sessionId}/intake`, { token: other.token, json: { deadline: inDays(3) } }),
      404,
      "과제를 찾을 수 없습니다.",
    );
    expectApiError(
      await api(`/sessions/${sessionId}/intake`, { token: teacher.token, json: { deadline: inDays(-1) } }),
      400,
      "마감 일시는 지금 이후여야 합니다.",
    );
    expectApiError(
      await api(`/sessions/${sessionId}/intake`, { token: teacher.token, json: { deadline: "내일" } }),
      400,
      "마감 일시를 올바르게 입력해 주세요.",
    );
    expectApiError(
      await api(`/sessions/${sessionId}/intake`, { token: teacher.token, json: { deadline: inDays(3), maxDrafts: 11 } }),
      400,
      /1회부터 10회까지/,
    );
    expectApiError(
      await api(`/sessions/${sessionId}/intake`, { token: teacher.token, json: { deadline: inDays(3), release: "never" } }),
      400,
      "결과 공개 방식을 선택해 주세요.",
    );
    await openIntake(teacher, sessionId, { maxDrafts: 3, release: "immediate" });
    expectApiError(
      await api(`/sessions/${sessionId}/intake`, { token: teacher.token, json: { deadline: inDays(3) } }),
      409,
      /이미 제출 링크가 있습니다/,
    );
    expect((await api(`/sessions/${sessionId}/intake`, { token: other.token })).status).toBe(404);
  });

  it("is changed (deadline, drafts, release), closed early, and replaced by a new token once closed", async () => {
    const { sessionId } = await classWithAssignment(teacher, ["박지훈"]);
    const first = await openIntake(teacher, sessionId);
    const later = inDays(14);
    const patched = await api(`/sessions/${sessionId}/intake`, {
      token: teacher.token,
      method: "PATCH",
      json: { deadline: later, maxDrafts: 4, release: "immediate" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ deadline: later, maxDrafts: 4, release: "immediate", open: true });
    expectApiError(
      await api(`/sessions/${sessionId}/intake`, { token: teacher.token, method: "PATCH", json: {} }),
      400,
      "바꿀 내용이 없습니다.",
    );
    expectApiError(
      await api(`/sessions/${sessionId}/intake`, { token: other.token, method: "PATCH", json: { maxDrafts: 1 } }),
      404,
      "과제를 찾을 수 없습니다.",
    );
    expectApiError(await api(`/sessions/${sessionId}/intake`, { token: other.token, method: "DELETE" }), 404, "과제를 찾을 수 없습니다.");

    const closed = await api(`/sessions/${sessionId}/intake`, { token: teacher.token, method: "DELETE" });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ open: false });
    expect(closed.body.closedAt).not.toBeNull();

    const second = await openIntake(teacher, sessionId);
    expect(second.id).toBe(first.id);
    expect(second.token).not.toBe(first.token);
    expect(second).toMatchObject({ open: true, closedAt: null, maxDrafts: 2 });
    const [row] = await testSql()`select token_hash from public.intake_links where session_id = ${sessionId}`;
    expect(Buffer.from(row.token_hash).equals(sha(second.token))).toBe(true);

    const none = await classWithAssignment(teacher, ["최하은"]);
    expectApiError(
      await api(`/sessions/${none.sessionId}/intake`, { token: teacher.token, method: "DELETE" }),
      404,
      "이 과제의 제출 링크가 없습니다.",
    );
  });
});

describe("a class's student codes", () => {
  it("issues one code per student without one, from the alphabet without 0/O/1/I/L, stored hashed, shown once", async () => {
    const { classId, students } = await classWithAssignment(teacher, ["정도윤", "강수아", "조예준"]);
    const res = await api(`/classes/${classId}/student-codes`, { token: teacher.token, json: {} });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.body.codes.map((c: any) => c.name)).toEqual(["정도윤", "강수아", "조예준"]);
    for (const c of res.body.codes) {
      expect(c.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
      const [row] = await testSql()`select code_hash from public.student_codes where student_id = ${c.studentId} and revoked_at is null`;
      expect(Buffer.from(row.code_hash).equals(sha(c.code))).toBe(true);
    }
    expect(new Set(res.body.codes.map((c: any) => c.code)).size).toBe(3);

    // Again: everyone has one, nothing new (the codes are never shown again).
    const again = await api(`/classes/${classId}/student-codes`, { token: teacher.token, method: "POST" });
    expect(again.status).toBe(201);
    expect(again.body.codes).toEqual([]);

    // A new student gets one; the others keep theirs.
    const added = await api(`/classes/${classId}/students`, { token: teacher.token, json: { examNumber: "39999", name: "윤지우" } });
    const fresh = await issueCodes(teacher, classId);
    expect(Object.keys(fresh)).toEqual([added.body.id]);
    expect(students).toHaveLength(3);
  });

  it("re-issues chosen students' codes (the old one revoked), refuses students of another class and other teachers", async () => {
    const { classId, students } = await classWithAssignment(teacher, ["임시우", "김서윤"]);
    const first = await issueCodes(teacher, classId);
    const target = students[0].id;
    const res = await api(`/classes/${classId}/student-codes`, { token: teacher.token, json: { studentIds: [target], reissue: true } });
    expect(res.status).toBe(201);
    expect(res.body.codes.map((c: any) => c.studentId)).toEqual([target]);
    expect(res.body.codes[0].code).not.toBe(first[target]);
    const rows = await testSql()`select code_hash, revoked_at from public.student_codes where student_id = ${target} order by issued_at`;
    expect(rows).toHaveLength(2);
    expect(Buffer.from(rows.find((r) => r.revoked_at !== null)!.code_hash).equals(sha(first[target]))).toBe(true);
    expect(rows.filter((r) => r.revoked_at === null)).toHaveLength(1);

    const elsewhere = await classWithAssignment(teacher, ["이민수"]);
    expectApiError(
      await api(`/classes/${classId}/student-codes`, {
        token: teacher.token,
        json: { studentIds: [elsewhere.students[0].id], reissue: true },
      }),
      400,
      "이 반에 등록되지 않은 학생이 있습니다.",
    );
    expectApiError(await api(`/classes/${classId}/student-codes`, { token: other.token, json: {} }), 404, "반을 찾을 수 없습니다.");
    expectApiError(
      await api(`/classes/${classId}/student-codes`, { token: teacher.token, json: { studentIds: ["x"] } }),
      400,
      "학생을 올바르게 선택해 주세요.",
    );
  });
});
