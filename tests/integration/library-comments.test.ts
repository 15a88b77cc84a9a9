// /api/comments: the comment bank (★ while reviewing): mine and the active organisation's, filtered by
// category; who may save, share and delete; duplicates and the per-author bound, in Korean.
import { beforeAll, describe, expect, it } from "vitest";
import { api, testSql } from "../helpers/users.ts";
import { as, libraryCast, type LibraryCast } from "../helpers/library.ts";
import { LIBRARY_MESSAGES as M } from "../../supabase/functions/_shared/library.ts";

let c: LibraryCast;
const post = (opts: { token: string; headers: Record<string, string> }, json: unknown) => api("/comments", { ...opts, json });
const texts = (body: { comments: { text: string }[] }) => body.comments.map((r) => r.text);

beforeAll(async () => {
  c = await libraryCast();
});

describe("POST /api/comments", () => {
  it("saves a personal comment with its category, once (a second ★ is 409)", async () => {
    const res = await post(as(c.teacher), { text: " 서론에서 주장을 먼저 밝히세요. ", category: "고칠 점" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      message: M.commentSaved,
      comment: { text: "서론에서 주장을 먼저 밝히세요.", category: "고칠 점", shared: false, mine: true, canDelete: true },
    });
    const again = await post(as(c.teacher), { text: "서론에서 주장을 먼저 밝히세요." });
    expect([again.status, again.body.error]).toEqual([409, M.commentDuplicate]);
  });

  it("refuses an empty or overlong comment or category (400), a guest (403), sharing outside an organisation (400)", async () => {
    expect((await post(as(c.teacher), { text: "  " })).body.error).toBe(M.commentRequired);
    expect((await post(as(c.teacher), { text: "가".repeat(501) })).body.error).toBe(M.commentTooLong);
    expect((await post(as(c.teacher), { text: "좋아요", category: "가".repeat(41) })).body.error).toBe(M.categoryTooLong);
    const guest = await post(as(c.guest), { text: "손님 코멘트" });
    expect([guest.status, guest.body.error]).toEqual([403, M.guestComment]);
    const personal = await post(as(c.teacher), { text: "공유할 코멘트", shared: true });
    expect([personal.status, personal.body.error]).toEqual([400, M.shareNeedsOrg]);
  });

  it("keeps one author to 1,000 comments (409)", async () => {
    await testSql()`insert into public.comment_bank (user_id, text) select ${c.outsider.user.id}, '코멘트 ' || g from generate_series(1, 1000) g`;
    const res = await post(as(c.outsider), { text: "하나 더" });
    expect([res.status, res.body.error]).toEqual([409, M.tooManyComments]);
  });
});

describe("the organisation's comment bank", () => {
  let teacherShared = "";
  let managerShared = "";
  beforeAll(async () => {
    teacherShared = (await post(as(c.teacher, c.orgId), { text: "근거 자료의 출처를 밝히세요.", category: "근거", shared: true })).body
      .comment.id;
    managerShared = (await post(as(c.manager, c.orgId), { text: "결론이 서론의 주장과 이어집니다.", category: "잘한 점", shared: true }))
      .body.comment.id;
  });

  it("is read by every member in the organisation's space, and by no one in the personal space", async () => {
    const res = await api("/comments", as(c.owner, c.orgId));
    expect(res.status).toBe(200);
    expect(texts(res.body)).toEqual(expect.arrayContaining(["근거 자료의 출처를 밝히세요.", "결론이 서론의 주장과 이어집니다."]));
    expect(res.body.comments.find((x: { id: string }) => x.id === teacherShared)).toMatchObject({
      shared: true,
      mine: false,
      canDelete: true,
    });
    const teacher = (await api("/comments", as(c.teacher, c.orgId))).body.comments;
    expect(teacher.find((x: { id: string }) => x.id === managerShared)).toMatchObject({ mine: false, canDelete: false });
    expect(texts((await api("/comments", as(c.teacher))).body)).not.toContain("결론이 서론의 주장과 이어집니다.");
    expect((await api("/comments", as(c.outsider, c.orgId))).status).toBe(403);
  });

  it("filters by category (?category=)", async () => {
    const res = await api(`/comments?category=${encodeURIComponent("잘한 점")}`, as(c.teacher, c.orgId));
    expect(res.status).toBe(200);
    expect(res.body.comments.length).toBeGreaterThan(0);
    expect(res.body.comments.every((x: { category: string }) => x.category === "잘한 점")).toBe(true);
    expect((await api(`/comments?category=${"가".repeat(41)}`, as(c.teacher))).status).toBe(400);
  });

  it("is deleted by its author or the owner and managers: a teacher gets 403 on another's, an outsider 404", async () => {
    const teacher = await api(`/comments/${managerShared}`, { ...as(c.teacher, c.orgId), method: "DELETE" });
    expect([teacher.status, teacher.body.error]).toEqual([403, M.notCommentEditor]);
    expect((await api(`/comments/${managerShared}`, { ...as(c.outsider), method: "DELETE" })).status).toBe(404);
    expect((await api("/comments/abc", { ...as(c.owner), method: "DELETE" })).status).toBe(404);
    const manager = await api(`/comments/${teacherShared}`, { ...as(c.manager, c.orgId), method: "DELETE" });
    expect([manager.status, manager.body.message]).toEqual([200, M.commentDeleted]);
    const own = await api(`/comments/${managerShared}`, { ...as(c.manager, c.orgId), method: "DELETE" });
    expect(own.status).toBe(200);
    expect((await api(`/comments/${managerShared}`, { ...as(c.manager, c.orgId), method: "DELETE" })).status).toBe(404);
  });
});
