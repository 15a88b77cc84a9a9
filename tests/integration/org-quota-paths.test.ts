// Every way an organisation's assignment takes uses goes through its pool: a student's draft through the
// assignment's link, 전체 재채점, a single re-grade; the header's GET /usage/status in the organisation's
// space shows the pool with the caller's own use and cap, and the personal space as before.
import { describe, expect, it } from "vitest";
import { api, testSql } from "../helpers/users.ts";
import { createSession, FIXTURE_ESSAY, submitEssay, waitForEnd } from "../helpers/grading.ts";
import { classWithAssignment, issueCodes, openIntake } from "../helpers/intake.ts";
import { createOrg, memberUsed, moveClassToOrg, orgSession, setCap, setUsed, used } from "../helpers/org-quota.ts";

const draft = (token: string, code: string) => {
  const form = new FormData();
  form.append("essayContent", FIXTURE_ESSAY);
  return api(`/intake/${token}/drafts`, { form, headers: { "X-Student-Code": code, "X-Forwarded-For": "198.18.46.1" } });
};

describe("an organisation's assignment uses the pool on every path", () => {
  it("a student's draft is charged to the pool and the assignment's teacher, and refused when the pool is empty", async () => {
    const org = await createOrg(1);
    const [teacher] = org.members;
    const c = await classWithAssignment(teacher, ["김민수", "이서연"]);
    await moveClassToOrg(c.classId, org.id);
    const { token } = await openIntake(teacher, c.sessionId);
    const codes = await issueCodes(teacher, c.classId);
    await setUsed(teacher, 10); // the teacher's own trial quota is spent: it does not matter here
    const first = await draft(token, codes[c.students[0].id]);
    expect(first.status).toBe(201);
    expect(await used(org.owner)).toBe(1);
    expect(await memberUsed(org.id, teacher)).toBe(1);
    expect(await used(teacher)).toBe(10);

    await setUsed(org.owner, 3000); // business: the pool is spent
    const refused = await draft(token, codes[c.students[1].id]);
    expect(refused.status).toBe(403);
    expect(refused.body.quotaExhausted).toBe(true);
    expect(await memberUsed(org.id, teacher)).toBe(1);
  });

  it("전체 재채점 and a single re-grade take their uses from the pool and the teacher's cap", async () => {
    const org = await createOrg(1);
    const [teacher] = org.members;
    const sessionId = await orgSession(teacher, org.id);
    const id = await submitEssay(teacher, sessionId, FIXTURE_ESSAY);
    expect((await waitForEnd(id)).status).toBe("completed");
    expect(await used(org.owner)).toBe(1);

    const all = await api(`/sessions/${sessionId}/regrade-all`, { token: teacher.token, json: { all: true } });
    expect(all.status).toBe(200);
    expect(all.body.queued).toBe(1);
    expect(await used(org.owner)).toBe(2);
    expect(await memberUsed(org.id, teacher)).toBe(2);
    expect(await used(teacher)).toBe(0);
    expect((await waitForEnd(id)).status).toBe("completed");

    await setCap(org.id, teacher, 2);
    const single = await api(`/submissions/${id}/regrade`, { token: teacher.token, method: "POST" });
    expect(single.status).toBe(403);
    expect(single.body.orgLimit).toBe("member");
    const again = await api(`/sessions/${sessionId}/regrade-all`, { token: teacher.token, json: { all: true } });
    expect(again.status).toBe(403);
    expect(again.body.error).toBe("이번 달 선생님께 배정된 분석 한도(2회)를 모두 사용했습니다. 기관 관리자에게 한도 조정을 요청해 주세요.");
    expect(await used(org.owner)).toBe(2);

    await setCap(org.id, teacher, null);
    const regrade = await api(`/submissions/${id}/regrade`, { token: teacher.token, method: "POST" });
    expect(regrade.status).toBe(200);
    expect(await used(org.owner)).toBe(3);
    expect(await memberUsed(org.id, teacher)).toBe(3);
    const [row] = await testSql()`select usage_user_id, usage_org_id, usage_member_id from public.essay_submissions where id = ${id}`;
    expect(row).toEqual({ usage_user_id: org.owner.user.id, usage_org_id: org.id, usage_member_id: teacher.user.id });
  });

  it("a batch of an organisation's assignment follows the organisation's plan and reserves from its pool", async () => {
    const org = await createOrg(1); // the owner on business: batches of up to 50 files
    const [teacher] = org.members; // on the trial plan: no batches of their own
    const sessionId = await orgSession(teacher, org.id);
    const form = new FormData();
    for (const n of [1, 2, 3]) {
      form.append("files", new File([`${FIXTURE_ESSAY}\n(${n})`], `학생_2024010${n}.txt`, { type: "text/plain" }));
    }
    expect((await api(`/sessions/${sessionId}/batch-upload`, { token: teacher.token, form })).status).toBe(201);
    await setCap(org.id, teacher, 2);
    const refused = await api(`/sessions/${sessionId}/start-batch`, { token: teacher.token, method: "POST" });
    expect(refused.status).toBe(403);
    expect(refused.body.orgLimit).toBe("member");
    expect(refused.body.error).toBe(
      "이번 달 선생님께 배정된 남은 분석 횟수(2회)보다 많은 답안(3개)입니다. 답안 수를 줄이거나 기관 관리자에게 문의해 주세요.",
    );
    await setCap(org.id, teacher, null);
    expect((await api(`/sessions/${sessionId}/batch-upload`, { token: teacher.token, form })).status).toBe(201);
    const started = await api(`/sessions/${sessionId}/start-batch`, { token: teacher.token, method: "POST" });
    expect(started.status).toBe(200);
    expect(started.body.count).toBe(3);
    expect(await used(org.owner)).toBe(3);
    expect(await memberUsed(org.id, teacher)).toBe(3);
    expect(await used(teacher)).toBe(0);
    // in the teacher's personal space, their own trial plan still has no batches
    const personal = await api(`/sessions/${await createSession(teacher)}/batch-upload`, { token: teacher.token, form });
    expect(personal.status).toBe(403);
  });

  it("a new assignment in the organisation's space is checked against the pool, not the teacher's own quota", async () => {
    const org = await createOrg(1);
    const [teacher] = org.members;
    await setUsed(teacher, 10); // the teacher's own trial quota is spent
    const form = () => {
      const f = new FormData();
      f.append("promptFile", new File(["인공지능 시대의 교육에 대해 논술하시오."], "문제.txt", { type: "text/plain" }));
      return f;
    };
    const headers = { "X-Org-Id": org.id };
    expect((await api("/sessions", { token: teacher.token, form: form() })).status).toBe(403);
    expect((await api("/sessions", { token: teacher.token, form: form(), headers })).status).toBe(201);
    await setUsed(org.owner, 3000);
    const refused = await api("/sessions", { token: teacher.token, form: form(), headers });
    expect(refused.status).toBe(403);
    expect(refused.body.orgLimit).toBe("pool");
  });

  it("GET /usage/status: the pool with the caller's own use and cap in the organisation's space, else their own", async () => {
    const org = await createOrg(1);
    const [teacher] = org.members;
    await setCap(org.id, teacher, 7);
    await setUsed(org.owner, 40);
    await setUsed(teacher, 3);
    expect((await submitEssay(teacher, await orgSession(teacher, org.id), FIXTURE_ESSAY)).length).toBeGreaterThan(0);

    const inOrg = await api("/usage/status", { token: teacher.token, headers: { "X-Org-Id": org.id } });
    expect(inOrg.status).toBe(200);
    expect(inOrg.body).toEqual({
      usage: { current: 41, limit: 3000 },
      plan: { id: "business", name: "기업" },
      member: { current: 1, cap: 7 },
      orgId: org.id,
    });
    const personal = await api("/usage/status", { token: teacher.token });
    expect(personal.body).toEqual({ usage: { current: 3, limit: 10 }, plan: { id: "trial", name: "체험판" } });

    const other = await createOrg(0);
    const outsider = await api("/usage/status", { token: other.owner.token, headers: { "X-Org-Id": org.id } });
    expect(outsider.status).toBe(403);
    expect(outsider.body.error).toBe("이 기관의 구성원이 아닙니다. 기관을 다시 선택해 주세요.");
  });
});
