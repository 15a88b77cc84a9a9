// /api/rubrics: built-in templates, my rubrics and the active organisation's; who may save, share, change
// and delete them; the bounds of a rubric (a session's rubric) and of one author's library, in Korean.
import { beforeAll, describe, expect, it } from "vitest";
import { api, testSql } from "../helpers/users.ts";
import { as, libraryCast, type LibraryCast } from "../helpers/library.ts";
import { LIBRARY_MESSAGES as M } from "../../supabase/functions/_shared/library.ts";
import { SETUP_MESSAGES } from "../../supabase/functions/_shared/session-setup.ts";
import { RUBRIC_TEMPLATES } from "../../supabase/functions/_shared/rubric-templates.ts";

let c: LibraryCast;
const CRITERIA = [
  { name: "논리 구조", maxScore: 60, description: "주장과 근거의 짜임" },
  { name: "표현", maxScore: 40 },
];
const post = (opts: { token: string; headers: Record<string, string> }, json: unknown) => api("/rubrics", { ...opts, json });
const ids = (body: { rubrics: { id: string }[] }) => body.rubrics.map((r) => r.id);

beforeAll(async () => {
  c = await libraryCast();
});

describe("GET /api/rubrics", () => {
  it("needs a session (401)", async () => {
    expect((await api("/rubrics")).status).toBe(401);
  });

  it("lists the five built-in templates first, read-only, for anyone signed in (a guest too)", async () => {
    const res = await api("/rubrics", as(c.guest));
    expect(res.status).toBe(200);
    expect(res.body.rubrics.map((r: { name: string }) => r.name)).toEqual([
      "인문 논술",
      "사회 현상 분석",
      "찬반 논증",
      "자료 해석",
      "요약·비판",
    ]);
    for (const r of res.body.rubrics) expect(r).toMatchObject({ builtIn: true, canEdit: false, shared: false });
  });

  it("refuses an organisation the caller is not a member of (403)", async () => {
    const res = await api("/rubrics", as(c.outsider, c.orgId));
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/기관/);
  });
});

describe("POST /api/rubrics", () => {
  it("saves a personal rubric, cleaned as a session's rubric is, listed in every space of its author only", async () => {
    const res = await post(as(c.teacher), {
      name: "  내 인문 기준 ",
      description: "1학기용",
      criteria: [{ name: " 논리  구조 ", maxScore: 100 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(M.rubricSaved);
    expect(res.body.rubric).toMatchObject({
      name: "내 인문 기준",
      description: "1학기용",
      criteria: [{ name: "논리 구조", maxScore: 100 }],
      builtIn: false,
      shared: false,
      mine: true,
      canEdit: true,
    });
    const id = res.body.rubric.id;
    expect(ids((await api("/rubrics", as(c.teacher))).body)).toContain(id);
    expect(ids((await api("/rubrics", as(c.teacher, c.orgId))).body)).toContain(id);
    expect(ids((await api("/rubrics", as(c.owner, c.orgId))).body)).not.toContain(id);
  });

  it("refuses criteria a session's rubric could not have, with the setup's Korean messages (400)", async () => {
    const cases: [unknown, string][] = [
      [[], SETUP_MESSAGES.tooFewCategories],
      [
        [
          { name: "논리", maxScore: 10 },
          { name: "논리", maxScore: 10 },
        ],
        SETUP_MESSAGES.nameDuplicate("논리"),
      ],
      [[{ name: "논리", maxScore: 1.5 }], SETUP_MESSAGES.pointsInteger],
      [
        [
          { name: "논리", maxScore: 600 },
          { name: "표현", maxScore: 600 },
        ],
        SETUP_MESSAGES.totalTooHigh,
      ],
    ];
    for (const [criteria, message] of cases) {
      const res = await post(as(c.teacher), { name: "틀린 기준", criteria });
      expect(res.status, JSON.stringify(criteria)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await post(as(c.teacher), { name: "가".repeat(51), criteria: CRITERIA })).body.error).toBe(M.nameTooLong);
    expect((await post(as(c.teacher), { name: " ", criteria: CRITERIA })).body.error).toBe(M.nameRequired);
    expect((await post(as(c.teacher), { name: "기준", criteria: CRITERIA, extra: 1 })).status).toBe(400);
  });

  it("refuses a guest (403) and sharing outside an organisation's space (400)", async () => {
    const guest = await post(as(c.guest), { name: "손님 기준", criteria: CRITERIA });
    expect([guest.status, guest.body.error]).toEqual([403, M.guestRubric]);
    const personal = await post(as(c.manager), { name: "공유", criteria: CRITERIA, shared: true });
    expect([personal.status, personal.body.error]).toEqual([400, M.shareNeedsOrg]);
  });

  it("shares with the active organisation for its owner and managers, not its teachers (403)", async () => {
    const teacher = await post(as(c.teacher, c.orgId), { name: "교사 공유", criteria: CRITERIA, shared: true });
    expect([teacher.status, teacher.body.error]).toEqual([403, M.shareRubricRole]);
    const res = await post(as(c.manager, c.orgId), { name: "학원 공통 기준", criteria: CRITERIA, shared: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.rubric).toMatchObject({ shared: true, mine: true, canEdit: true });
    const seenByTeacher = (await api("/rubrics", as(c.teacher, c.orgId))).body.rubrics.find(
      (r: { id: string }) => r.id === res.body.rubric.id,
    );
    expect(seenByTeacher).toMatchObject({ name: "학원 공통 기준", shared: true, mine: false, canEdit: false });
    // the personal space lists no organisation's rubrics
    expect(ids((await api("/rubrics", as(c.teacher))).body)).not.toContain(res.body.rubric.id);
  });

  it("keeps one author to 200 rubrics (409)", async () => {
    await testSql()`insert into public.rubrics (user_id, name, criteria)
                    select ${c.outsider.user.id}, '기준 ' || g, ${testSql().json(CRITERIA)} from generate_series(1, 200) g`;
    const res = await post(as(c.outsider), { name: "하나 더", criteria: CRITERIA });
    expect([res.status, res.body.error]).toEqual([409, M.tooManyRubrics]);
  });
});

describe("PATCH and DELETE /api/rubrics/:id", () => {
  let shared = "";
  let personal = "";
  beforeAll(async () => {
    shared = (await post(as(c.manager, c.orgId), { name: "공유 기준", criteria: CRITERIA, shared: true })).body.rubric.id;
    personal = (await post(as(c.manager), { name: "개인 기준", criteria: CRITERIA })).body.rubric.id;
  });

  it("refuses the built-in templates as read-only (403) and unknown ids (404)", async () => {
    const template = RUBRIC_TEMPLATES[0].id;
    const patch = await api(`/rubrics/${template}`, { ...as(c.owner), method: "PATCH", json: { name: "바꿈" } });
    expect([patch.status, patch.body.error]).toEqual([403, M.builtInReadOnly]);
    const del = await api(`/rubrics/${template}`, { ...as(c.owner), method: "DELETE" });
    expect([del.status, del.body.error]).toEqual([403, M.builtInReadOnly]);
    for (const id of ["00000000-0000-4000-8000-000000000000", "abc"]) {
      const res = await api(`/rubrics/${id}`, { ...as(c.owner), method: "PATCH", json: { name: "바꿈" } });
      expect([res.status, res.body.error], id).toEqual([404, M.rubricNotFound]);
    }
  });

  it("lets the author of a personal rubric alone change it (another member gets 404)", async () => {
    const other = await api(`/rubrics/${personal}`, { ...as(c.owner, c.orgId), method: "PATCH", json: { name: "남의 것" } });
    expect([other.status, other.body.error]).toEqual([404, M.rubricNotFound]);
    const res = await api(`/rubrics/${personal}`, {
      ...as(c.manager),
      method: "PATCH",
      json: { criteria: [{ name: "종합", maxScore: 10, description: "전체 완성도" }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rubric).toMatchObject({ name: "개인 기준", criteria: [{ name: "종합", maxScore: 10, description: "전체 완성도" }] });
    const bad = await api(`/rubrics/${personal}`, { ...as(c.manager), method: "PATCH", json: {} });
    expect([bad.status, bad.body.error]).toEqual([400, M.nothingToChange]);
  });

  it("lets the organisation's owner and managers change and delete a shared rubric, not a teacher (403)", async () => {
    const teacher = await api(`/rubrics/${shared}`, { ...as(c.teacher, c.orgId), method: "PATCH", json: { name: "교사가 바꿈" } });
    expect([teacher.status, teacher.body.error]).toEqual([403, M.notEditor]);
    const teacherDel = await api(`/rubrics/${shared}`, { ...as(c.teacher, c.orgId), method: "DELETE" });
    expect([teacherDel.status, teacherDel.body.error]).toEqual([403, M.notEditor]);
    const outsider = await api(`/rubrics/${shared}`, { ...as(c.outsider), method: "DELETE" });
    expect(outsider.status).toBe(404);
    const owner = await api(`/rubrics/${shared}`, {
      ...as(c.owner, c.orgId),
      method: "PATCH",
      json: { name: "원장이 바꿈", description: "설명" },
    });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body.rubric).toMatchObject({ name: "원장이 바꿈", description: "설명", shared: true, mine: false, canEdit: true });
    const del = await api(`/rubrics/${shared}`, { ...as(c.owner, c.orgId), method: "DELETE" });
    expect([del.status, del.body.message]).toEqual([200, M.rubricDeleted]);
    expect((await api(`/rubrics/${shared}`, { ...as(c.owner, c.orgId), method: "DELETE" })).status).toBe(404);
    expect(ids((await api("/rubrics", as(c.teacher, c.orgId))).body)).not.toContain(shared);
  });
});
