// The organisation's pooled quota: an assignment made in an organisation's space is graded from the owner's
// plan (the owner's usage row, shared with the owner's personal gradings) and counted per member against the
// member's optional monthly cap; concurrent gradings never pass either, and a returned use goes back to the
// rows it was taken from. The personal space is unchanged.
import { describe, expect, it } from "vitest";
import { api, testSql, type TestUser } from "../helpers/users.ts";
import { createSession } from "../helpers/grading.ts";
import { KOREAN_ESSAY } from "../helpers/files.ts";
import { createOrg, memberUsed, orgSession, setCap, setUsed, used } from "../helpers/org-quota.ts";

const sql = () => testSql();

function typed(user: TestUser, sessionId: string) {
  return api(`/sessions/${sessionId}/submissions`, {
    token: user.token,
    json: { essayContent: KOREAN_ESSAY, studentName: "홍길동", studentId: "20240101" },
  });
}

async function charge(submissionId: string) {
  const [row] = await sql()`
    select usage_charged, usage_user_id, usage_org_id, usage_member_id
      from public.essay_submissions where id = ${submissionId}`;
  return row;
}

describe("the organisation's pooled quota", () => {
  it("five teachers and the owner grading at once on the last 3 uses: exactly 3 are accepted", async () => {
    const org = await createOrg(5);
    await setUsed(org.owner, 2997); // business: 3,000 a month
    const sessions = await Promise.all(org.members.map((m) => orgSession(m, org.id)));
    const personal = await createSession(org.owner);
    const results = await Promise.all([
      ...org.members.flatMap((m, i) => [typed(m, sessions[i]), typed(m, sessions[i])]),
      typed(org.owner, personal),
      typed(org.owner, personal),
    ]);
    const accepted = results.filter((r) => r.status === 201);
    expect(accepted).toHaveLength(3);
    for (const r of results.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(403);
      expect(r.body.usageExceeded).toBe(true);
    }
    // the pool is the owner's usage row; the teachers' own quotas are untouched
    expect(await used(org.owner)).toBe(3000);
    for (const m of org.members) expect(await used(m)).toBe(0);
    const attributed = await Promise.all(org.members.map((m) => memberUsed(org.id, m)));
    const [{ n: personalAccepted }] = await sql()`
      select count(*)::int as n from public.essay_submissions where session_id = ${personal}`;
    expect(attributed.reduce((a, b) => a + b, 0) + personalAccepted).toBe(3);
    // a teacher is refused with the organisation's message, the owner's personal answer with the plan's
    for (const r of results.slice(0, 10).filter((r) => r.status !== 201)) {
      expect(r.body.orgLimit).toBe("pool");
      expect(r.body.error).toBe("기관의 이번 달 공동 분석 한도(3,000회)를 모두 사용했습니다. 기관 소유자에게 플랜 변경을 요청해 주세요.");
      expect(r.body.usageInfo).toMatchObject({ current: 3000, limit: 3000 });
    }
    for (const r of results.slice(10).filter((r) => r.status !== 201)) {
      expect(r.body.orgLimit).toBeUndefined();
      expect(r.body.usageInfo).toMatchObject({ current: 3000, limit: 3000 });
    }
  });

  it("charges the owner's pool and the teacher's counter, stamped on the answer", async () => {
    const org = await createOrg(1);
    const [teacher] = org.members;
    const sessionId = await orgSession(teacher, org.id);
    const res = await typed(teacher, sessionId);
    expect(res.status).toBe(201);
    expect(await used(org.owner)).toBe(1);
    expect(await used(teacher)).toBe(0);
    expect(await memberUsed(org.id, teacher)).toBe(1);
    expect(await charge(res.body.id)).toEqual({
      usage_charged: true,
      usage_user_id: org.owner.user.id,
      usage_org_id: org.id,
      usage_member_id: teacher.user.id,
    });
  });

  it("refuses a grading beyond the teacher's monthly cap with its own message while the pool has room", async () => {
    const org = await createOrg(2);
    const [capped, free] = org.members;
    await setCap(org.id, capped, 1);
    const cappedSession = await orgSession(capped, org.id);
    expect((await typed(capped, cappedSession)).status).toBe(201);
    const refused = await typed(capped, cappedSession);
    expect(refused.status).toBe(403);
    expect(refused.body.usageExceeded).toBe(true);
    expect(refused.body.orgLimit).toBe("member");
    expect(refused.body.error).toBe(
      "이번 달 선생님께 배정된 분석 한도(1회)를 모두 사용했습니다. 기관 관리자에게 한도 조정을 요청해 주세요.",
    );
    expect(refused.body.member).toMatchObject({ current: 1, cap: 1 });
    expect(await memberUsed(org.id, capped)).toBe(1);
    expect(await used(org.owner)).toBe(1);
    // another teacher (no cap) still grades from the pool
    expect((await typed(free, await orgSession(free, org.id))).status).toBe(201);
    expect(await used(org.owner)).toBe(2);
  });

  it("five capped answers racing on a cap of 2: exactly 2 accepted", async () => {
    const org = await createOrg(1);
    const [teacher] = org.members;
    await setCap(org.id, teacher, 2);
    const sessionId = await orgSession(teacher, org.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => typed(teacher, sessionId)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of results.filter((r) => r.status !== 201)) expect(r.body.orgLimit).toBe("member");
    expect(await memberUsed(org.id, teacher)).toBe(2);
    expect(await used(org.owner)).toBe(2);
  });

  it("a returned use goes back to the pool and the teacher's counter it was taken from, after an ownership change too", async () => {
    const org = await createOrg(2);
    const [teacher, heir] = org.members;
    const res = await typed(teacher, await orgSession(teacher, org.id));
    expect(res.status).toBe(201);
    expect(await used(org.owner)).toBe(1);
    // ownership moves to another member before the use comes back
    await sql().begin(async (tx) => {
      await tx`update public.org_members set role = 'teacher' where org_id = ${org.id} and user_id = ${org.owner.user.id}`;
      await tx`update public.org_members set role = 'owner' where org_id = ${org.id} and user_id = ${heir.user.id}`;
    });
    const [{ released }] = await sql()`select private.release_usage(${res.body.id}::uuid) as released`;
    expect(released).toBe(true);
    expect(await used(org.owner)).toBe(0);
    expect(await used(heir)).toBe(0);
    expect(await memberUsed(org.id, teacher)).toBe(0);
    expect((await charge(res.body.id)).usage_charged).toBe(false);
    // once only
    const [{ again }] = await sql()`select private.release_usage(${res.body.id}::uuid) as again`;
    expect(again).toBe(false);
    expect(await memberUsed(org.id, teacher)).toBe(0);
  });

  it("the personal space is unchanged: a member's personal answer uses their own quota", async () => {
    const org = await createOrg(1);
    const [teacher] = org.members;
    const res = await typed(teacher, await createSession(teacher));
    expect(res.status).toBe(201);
    expect(await used(teacher)).toBe(1);
    expect(await used(org.owner)).toBe(0);
    expect(await memberUsed(org.id, teacher)).toBe(0);
    expect(await charge(res.body.id)).toEqual({
      usage_charged: true,
      usage_user_id: teacher.user.id,
      usage_org_id: null,
      usage_member_id: null,
    });
    // an exhausted personal quota does not stop the teacher's gradings in the organisation
    const inOrg = await orgSession(teacher, org.id);
    await setUsed(teacher, 10); // trial: 10 a month
    expect((await typed(teacher, inOrg)).status).toBe(201);
    expect(await used(teacher)).toBe(10);
    expect(await used(org.owner)).toBe(1);
  });
});
