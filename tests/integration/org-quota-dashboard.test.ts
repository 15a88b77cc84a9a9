// GET /api/orgs/:id/usage (기관 현황): owners and managers see this month's pool, gradings per teacher (with
// caps) and per class, seats, the owner's subscription and teacher–AI agreement over the organisation's
// reviewed answers; a teacher and a non-member are refused in Korean.
import { beforeAll, describe, expect, it } from "vitest";
import { api, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { createSession, FIXTURE_ESSAY, submitEssay, waitForEnd } from "../helpers/grading.ts";
import { createClass } from "../helpers/rosters.ts";
import { createOrg, moveClassToOrg, orgSession, setCap, type TestOrg } from "../helpers/org-quota.ts";

let org: TestOrg;
let manager: TestUser;
let withClass: TestUser;
let capped: TestUser;
let className: string;
let classId: string;

beforeAll(async () => {
  const sql = testSql();
  org = await createOrg(3);
  [manager, withClass, capped] = org.members;
  await sql`update public.org_members set role = 'manager' where org_id = ${org.id} and user_id = ${manager.user.id}`;
  await sql`update public.profiles set display_name = '김선생' where id = ${withClass.user.id}`;
  await setCap(org.id, capped, 5);

  className = `현황 반 ${Math.random().toString(36).slice(2, 6)}`;
  const c = await createClass(withClass, className);
  classId = c.id;
  await moveClassToOrg(classId, org.id);
  const classSession = await orgSession(withClass, org.id);
  const patched = await api(`/sessions/${classSession}`, { token: withClass.token, method: "PATCH", json: { classId } });
  expect(patched.status).toBe(200);
  const ids = [
    await submitEssay(withClass, classSession, FIXTURE_ESSAY),
    await submitEssay(withClass, classSession, FIXTURE_ESSAY),
    await submitEssay(capped, await orgSession(capped, org.id), FIXTURE_ESSAY),
  ];
  // the owner's personal answer shares the pool but is nobody's organisation grading
  const personal = await submitEssay(org.owner, await createSession(org.owner), FIXTURE_ESSAY);
  for (const id of [...ids, personal]) expect((await waitForEnd(id)).status).toBe("completed");
  // three reviewed answers of the organisation (검토 완료) and the owner's personal one
  await sql`update public.analysis_results set reviewed_at = now() where submission_id = any(${ids}::uuid[])`;
  await sql`update public.analysis_results set reviewed_at = now() where submission_id = ${personal}`;
}, 180_000);

describe("GET /orgs/:id/usage", () => {
  it("gives the owner the pool, teachers, classes, seats, subscription and agreement", async () => {
    const res = await api(`/orgs/${org.id}/usage`, { token: org.owner.token });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.org).toEqual({ id: org.id, name: `학원 ${org.owner.username}` });
    expect(body.pool).toEqual({ used: 4, limit: 3000, remaining: 2996 });
    expect(new Date(body.period.resetDate).getTime()).toBeGreaterThan(new Date(body.period.start).getTime());
    const byId = Object.fromEntries(body.teachers.map((t: any) => [t.userId, t]));
    expect(byId[withClass.user.id]).toEqual({ userId: withClass.user.id, name: "김선생", role: "teacher", count: 2, cap: null });
    expect(byId[capped.user.id]).toMatchObject({ name: capped.username, role: "teacher", count: 1, cap: 5 });
    expect(byId[org.owner.user.id]).toMatchObject({ role: "owner", count: 0 });
    expect(byId[manager.user.id]).toMatchObject({ role: "manager", count: 0 });
    expect(body.teachers[0].userId).toBe(withClass.user.id); // most gradings first
    expect(body.classes).toEqual([{ classId, name: className, count: 2 }]);
    const [plan] = await testSql()`select max_users from public.subscription_plans where id = 'business'`;
    expect(body.seats).toEqual({ used: 4, max: plan.max_users });
    expect(body.subscription).toMatchObject({ planId: "business", planName: "기업", status: "active" });
    // the organisation's three reviewed answers, not the owner's personal one
    expect(body.agreement).toMatchObject({ reviewed: 3, sessions: 2, teachers: 2 });
    expect(body.agreement.categories.length).toBeGreaterThan(0);
    expect(body.agreement.categories[0].name).toMatch(/\(\d+(\.\d+)?\)$/);
  });

  it("a member who left still shows with their gradings this month", async () => {
    const leaver = await createMember();
    await testSql()`insert into public.org_members (org_id, user_id, role) values (${org.id}, ${leaver.user.id}, 'teacher')`;
    expect(
      (
        await api(`/sessions/${await orgSession(leaver, org.id)}/submissions`, {
          token: leaver.token,
          json: { essayContent: FIXTURE_ESSAY },
        })
      ).status,
    ).toBe(201);
    await testSql()`delete from public.org_members where org_id = ${org.id} and user_id = ${leaver.user.id}`;
    const res = await api(`/orgs/${org.id}/usage`, { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body.teachers.find((t: any) => t.userId === leaver.user.id)).toMatchObject({ role: null, count: 1, cap: null });
    expect(res.body.pool.used).toBe(5);
    expect(res.body.seats.used).toBe(4);
  });

  it("refuses a teacher and anyone outside the organisation with a Korean 403", async () => {
    const teacher = await api(`/orgs/${org.id}/usage`, { token: capped.token });
    expect(teacher.status).toBe(403);
    expect(teacher.body.error).toBe("기관 현황은 기관 소유자와 관리자만 볼 수 있습니다.");
    const other = await createOrg(0);
    for (const user of [other.owner, await createMember()]) {
      const res = await api(`/orgs/${org.id}/usage`, { token: user.token });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("이 기관의 구성원이 아닙니다. 기관을 다시 선택해 주세요.");
    }
    expect((await api(`/orgs/${org.id}/usage`)).status).toBe(401);
  });
});
