// Admin powers: members and guests are refused everywhere (API and storage); deletion, self-delete, plan change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createAdmin, createGuest, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { publishPost } from "../helpers/blog.ts";
import { readStack } from "../helpers/stack.ts";
import { NOTHING_LEFT, rowsLeftOf, seedGradedEssay } from "../helpers/grading.ts";
import { makePng } from "../helpers/files.ts";

let admin: TestUser;
let member: TestUser;
let guest: TestUser;
let publishedPost: { id: string; slug: string };
let attachmentId: string;

const ZERO = "00000000-0000-4000-8000-000000000000";

function fileForm(bytes: Uint8Array | string, name: string) {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart]), name);
  return form;
}

/** Uploads straight to Storage with the given user token (bypassing the API). */
async function storageUpload(token: string, bucket: string, path: string, body: BodyInit, type = "text/plain") {
  const { supabaseUrl, anonKey } = readStack();
  return fetch(`${supabaseUrl}/storage/v1/object/${bucket}/${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, apikey: anonKey, "Content-Type": type },
    body,
  });
}

beforeAll(async () => {
  [admin, member, guest] = await Promise.all([createAdmin(), createMember(), createGuest()]);
  publishedPost = await publishPost(admin, { title: "관리 테스트", slug: `admin-test-${Date.now().toString(36)}`, content: "본문" });
  const att = await api(`/blog/${publishedPost.id}/attachments`, { token: admin.token, form: fileForm("첨부", "a.txt") });
  expect(att.status).toBe(201);
  attachmentId = att.body.id;
});

afterAll(async () => {
  await testSql()`delete from public.blog_posts where id = ${publishedPost.id}`;
  await closeTestSql();
});

describe("admin paths refuse members and guests", () => {
  const adminCalls = (): [string, string, Record<string, unknown>][] => [
    ["GET", "/admin/users", {}],
    ["DELETE", `/admin/users/${admin.user.id}`, {}],
    ["DELETE", `/admin/users/${ZERO}`, {}],
    ["PATCH", `/admin/users/${member.user.id}/subscription`, { json: { planId: "business" } }],
    ["PATCH", `/admin/users/${guest.user.id}/subscription`, { json: { planId: "business" } }],
    ["POST", "/blog/posts", { json: { title: "t", slug: "hijack", excerpt: "e", content: "c", category: "essay-tips", isPublished: 1 } }],
    ["PUT", `/blog/posts/${publishedPost.id}`, { json: { title: "탈취" } }],
    ["DELETE", `/blog/posts/${publishedPost.id}`, {}],
    ["POST", `/blog/${publishedPost.id}/attachments`, { form: fileForm("x", "x.txt") }],
    ["POST", "/blog/temp-attachments", { form: fileForm("x", "x.txt") }],
    ["DELETE", `/blog/attachments/${attachmentId}`, {}],
  ];

  /** What an admin path could change: blog posts, attachments and objects, users, the callers' plans. */
  const adminState = () => testSql()`
    select (select count(*) from public.blog_posts)::int as posts,
           (select count(*) from public.blog_attachments)::int as atts,
           (select count(*) from storage.objects where bucket_id = 'blog')::int as objs,
           (select count(*) from public.profiles)::int as users,
           (select plan_id from public.subscriptions where user_id = ${member.user.id}) as member_plan,
           (select plan_id from public.subscriptions where user_id = ${guest.user.id}) as guest_plan`;

  it.each(["member", "guest"] as const)("a %s gets 403 on every admin path and changes nothing", async (who) => {
    const caller = who === "member" ? member : guest;
    const before = await adminState();
    for (const [method, path, opts] of adminCalls()) {
      const res = await api(path, { method, token: caller.token, ...opts });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe("관리자 권한이 필요합니다.");
    }
    const after = await adminState();
    expect(after).toEqual(before);
    const post = await testSql()`select title from public.blog_posts where id = ${publishedPost.id}`;
    expect(post[0].title).toBe("관리 테스트");
  });

  it("visitors without a token get 401 on admin paths", async () => {
    for (const [method, path, opts] of adminCalls()) {
      const res = await api(path, { method, ...opts });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("members and guests cannot write to the blog bucket directly with their token", async () => {
    for (const caller of [member, guest]) {
      const name = `attachments/evil-${caller.user.id}.txt`;
      const res = await storageUpload(caller.token, "blog", name, "<script>alert(1)</script>");
      expect(res.ok, `${caller.username}: ${res.status}`).toBe(false);
      const rows = await testSql()`select 1 from storage.objects where bucket_id = 'blog' and name = ${name}`;
      expect(rows).toHaveLength(0);
    }
    // Positive control: the same request works for an admin.
    const name = `attachments/control-${Date.now()}.png`;
    const ok = await storageUpload(admin.token, "blog", name, new Blob([makePng() as BlobPart]), "image/png");
    expect(ok.ok).toBe(true);
    expect(await testSql()`select 1 from storage.objects where bucket_id = 'blog' and name = ${name}`).toHaveLength(1);
    const { supabaseUrl, anonKey } = readStack();
    await fetch(`${supabaseUrl}/storage/v1/object/blog`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${admin.token}`, apikey: anonKey, "Content-Type": "application/json" },
      body: JSON.stringify({ prefixes: [name] }),
    });
  });

  it("members and guests cannot delete blog files directly with their token", async () => {
    const [att] = await testSql()`select filepath from public.blog_attachments where id = ${attachmentId}`;
    const { supabaseUrl, anonKey } = readStack();
    for (const caller of [member, guest]) {
      await fetch(`${supabaseUrl}/storage/v1/object/blog`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${caller.token}`, apikey: anonKey, "Content-Type": "application/json" },
        body: JSON.stringify({ prefixes: [att.filepath] }),
      });
    }
    const rows = await testSql()`select 1 from storage.objects where bucket_id = 'blog' and name = ${att.filepath}`;
    expect(rows).toHaveLength(1);
  });
});

describe("member management", () => {
  const list = (query = "") => api(`/admin/users${query}`, { token: admin.token });
  const idsOf = (res: { body: { users: { id: string }[] } }) => res.body.users.map((u) => u.id);

  it("lists members only by default, guests or everyone on request, with usage and counts that agree", async () => {
    const found = await list(`?q=${member.username}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.users).toHaveLength(1);
    expect(found.body.users[0]).toMatchObject({
      id: member.user.id,
      username: member.username,
      isAdmin: 0,
      isGuest: 0,
      subscription: { planId: "trial", status: "trial" },
      usage: { current: 0, limit: 10 },
      essaysThisMonth: 0,
    });

    const [c] = await testSql()`
      select count(*) filter (where not p.is_guest)::int as members, count(*) filter (where p.is_guest)::int as guests,
             count(*) filter (where not p.is_guest and s.status = 'active' and s.plan_id <> 'trial')::int as paid
        from public.profiles p left join public.subscriptions s on s.user_id = p.id`;
    const members = await list();
    expect(members.body).toMatchObject({ page: 1, pageSize: 50, total: c.members, counts: c });
    expect(members.body.users.length).toBeLessThanOrEqual(50);
    expect(members.body.users.every((u: { isGuest: number }) => u.isGuest === 0)).toBe(true);
    expect(idsOf(members)).toContain(admin.user.id);

    const guests = await list("?kind=guest");
    expect(guests.body.total).toBe(c.guests);
    expect(guests.body.users.every((u: { isGuest: number }) => u.isGuest === 1)).toBe(true);
    expect(idsOf(guests)).toContain(guest.user.id);
    const guestRow = guests.body.users.find((u: { id: string }) => u.id === guest.user.id);
    expect(guestRow).toMatchObject({ isGuest: 1, usage: { current: 0, limit: 3 } });

    const everyone = await list("?kind=all&page=2");
    expect(everyone.body.total).toBe(c.members + c.guests);
    expect(everyone.body.page).toBe(2);
    expect(everyone.body.users.length).toBe(Math.max(0, Math.min(50, c.members + c.guests - 50)));
  });

  it("searches usernames, emails and display names on the server, case-insensitively, % and _ taken literally", async () => {
    const p = `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const [plain, underscored, named] = await Promise.all([
      createMember({ username: `${p}q1` }),
      createMember({ username: `${p}_1` }),
      createMember({ displayName: `검색용 ${p} 선생님` }),
    ]);
    const search = async (q: string) => idsOf(await list(`?kind=all&q=${encodeURIComponent(q)}`)).sort();
    expect(await search(p)).toEqual([plain.user.id, underscored.user.id, named.user.id].sort());
    expect(await search(p.toUpperCase())).toHaveLength(3);
    expect(await search(`${p}_1`)).toEqual([underscored.user.id]);
    expect(await search(`${p}%1`)).toEqual([]);
    expect(await search(`${p}q1@example`)).toEqual([plain.user.id]);
    expect(await search(`  ${p}_1  `)).toEqual([underscored.user.id]);

    for (const [query, message] of [
      [`?q=${"가".repeat(101)}`, "검색어는 100자까지 입력할 수 있습니다."],
      ["?kind=admins", "회원 구분은 회원, 게스트, 전체 중 하나여야 합니다."],
      ["?page=0", "페이지 번호가 올바르지 않습니다."],
      ["?page=abc", "페이지 번호가 올바르지 않습니다."],
    ]) {
      const bad = await list(query);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error, query).toBe(message);
    }
  });

  it("refuses to let an admin delete their own account", async () => {
    const res = await api(`/admin/users/${admin.user.id}`, { method: "DELETE", token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("자신의 계정은 삭제할 수 없습니다.");
    const rows = await testSql()`select 1 from public.profiles where id = ${admin.user.id}`;
    expect(rows).toHaveLength(1);
  });

  it("answers 404 for an unknown user", async () => {
    expect((await api(`/admin/users/${ZERO}`, { method: "DELETE", token: admin.token })).status).toBe(404);
    expect((await api("/admin/users/not-a-uuid", { method: "DELETE", token: admin.token })).status).toBe(404);
    const res = await api(`/admin/users/${ZERO}/subscription`, { method: "PATCH", token: admin.token, json: { planId: "individual" } });
    expect(res.status).toBe(404);
  });

  it("deletes a user with all their rows and stored files", async () => {
    const victim = await createMember();
    const id = victim.user.id;
    const sql = testSql();
    const { submissionId } = await seedGradedEssay(id);
    await sql`
      insert into public.payments (id, user_id, plan_id, amount, currency, order_name)
      values (${"order_" + id.slice(0, 8)}, ${id}, 'individual', 9900, 'KRW', '개인 구독')`;

    const res = await api(`/admin/users/${id}`, { method: "DELETE", token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    expect(await rowsLeftOf(id, submissionId)).toEqual(NOTHING_LEFT);

    const after = await list(`?kind=all&q=${victim.username}`);
    expect(after.body.users).toEqual([]);
  });

  it("changes a member's plan and their usage status follows at once", async () => {
    const user = await createMember();
    const before = await api("/usage/status", { token: user.token });
    expect(before.body.plan.id).toBe("trial");

    const res = await api(`/admin/users/${user.user.id}/subscription`, {
      method: "PATCH",
      token: admin.token,
      json: { planId: "educator" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.subscription).toMatchObject({ planId: "educator", status: "active" });

    const after = await api("/usage/status", { token: user.token });
    expect(after.status).toBe(200);
    expect(after.body.plan.id).toBe("educator");
    expect(after.body.usage.limit).toBe(500);

    const back = await api(`/admin/users/${user.user.id}/subscription`, { method: "PATCH", token: admin.token, json: { planId: "trial" } });
    expect(back.body.user.subscription).toMatchObject({ planId: "trial", status: "trial" });
    expect((await api("/usage/status", { token: user.token })).body.usage.limit).toBe(10);
  });

  it("rejects an unknown plan or a missing planId", async () => {
    const bad = await api(`/admin/users/${member.user.id}/subscription`, {
      method: "PATCH",
      token: admin.token,
      json: { planId: "platinum" },
    });
    expect(bad.status).toBe(404);
    expect(bad.body.error).toBe("플랜을 찾을 수 없습니다.");
    const missing = await api(`/admin/users/${member.user.id}/subscription`, { method: "PATCH", token: admin.token, json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("변경할 플랜을 선택해주세요.");
  });
});
