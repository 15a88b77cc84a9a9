// Blog API: visibility, slug uniqueness, admin writes, attachments (type from bytes, 10 MB limit), views.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createAdmin, createGuest, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { makeDocx, makePdf, makePng, makeZip } from "../helpers/files.ts";

let admin: TestUser;
let member: TestUser;
let guest: TestUser;
const created: string[] = [];

const uniq = () => Math.random().toString(36).slice(2, 8);

function postBody(overrides: Record<string, unknown> = {}) {
  return {
    title: "테스트 글 제목",
    slug: `test-post-${uniq()}`,
    excerpt: "요약입니다",
    content: "## 본문\n\n내용입니다.",
    category: "essay-tips",
    tags: ["논술", "팁"],
    featuredImage: "",
    metaTitle: "SEO 제목",
    metaDescription: "SEO 설명",
    isPublished: 1,
    ...overrides,
  };
}

async function createPost(overrides: Record<string, unknown> = {}) {
  const res = await api("/blog/posts", { token: admin.token, json: postBody(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  created.push(res.body.id);
  return res.body;
}

function fileForm(bytes: Uint8Array | string, name: string, type = "application/octet-stream") {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart], { type }), name);
  return form;
}

beforeAll(async () => {
  [admin, member, guest] = await Promise.all([createAdmin(), createMember(), createGuest()]);
});

afterAll(async () => {
  if (created.length) await testSql()`delete from public.blog_posts where id = any(${created}::uuid[])`;
  await closeTestSql();
});

describe("blog posts", () => {
  it("creates a post as admin with author, flags and tags in the reply", async () => {
    const post = await createPost({ tags: [" 논술 ", "", "팁"] });
    expect(post).toMatchObject({
      title: "테스트 글 제목",
      category: "essay-tips",
      tags: ["논술", "팁"],
      featuredImage: null,
      metaTitle: "SEO 제목",
      isPublished: 1,
      viewCount: 0,
      authorId: admin.user.id,
      authorName: admin.user.displayName ?? null,
    });
    expect(post.publishedAt).toBeTruthy();
  });

  it("shows the author's display name, never the username (a login id), to visitors", async () => {
    const post = await createPost();
    const named = await createAdmin({ displayName: "김편집" });
    const res = await api("/blog/posts", { token: named.token, json: postBody() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    created.push(res.body.id);
    expect(res.body.authorName).toBe("김편집");

    // The admin without a display name: no name (the page shows the editorial team), not the username.
    const visitor = await api(`/blog/posts/${post.slug}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.authorName).toBeNull();
    expect(JSON.stringify(visitor.body)).not.toContain(admin.username);
    const list = await api("/blog/posts");
    const listed = (list.body as { id: string; authorName: string | null }[]).filter((p) => p.id === post.id || p.id === res.body.id);
    expect(listed.map((p) => p.authorName).sort()).toEqual(["김편집", null].sort());
  });

  it("rejects a duplicate slug with 409 and a Korean message, on create and on update", async () => {
    const first = await createPost();
    const dup = await api("/blog/posts", { token: admin.token, json: postBody({ slug: first.slug }) });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatch(/슬러그/);

    const other = await createPost();
    const upd = await api(`/blog/posts/${other.id}`, { method: "PUT", token: admin.token, json: { slug: first.slug } });
    expect(upd.status).toBe(409);
    expect(upd.body.error).toMatch(/슬러그/);
  });

  it("validates required fields in Korean", async () => {
    const res = await api("/blog/posts", {
      token: admin.token,
      json: { title: "", slug: "x", excerpt: "e", content: "c", category: "essay-tips" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("제목을 입력해주세요");
    const badCat = await api("/blog/posts", { token: admin.token, json: postBody({ category: "gossip" }) });
    expect(badCat.status).toBe(400);
    const badImg = await api("/blog/posts", { token: admin.token, json: postBody({ featuredImage: "javascript:alert(1)" }) });
    expect(badImg.status).toBe(400);
  });

  it("keeps unpublished posts invisible to visitors, members and guests, and visible to admins", async () => {
    const draft = await createPost({ isPublished: 0, category: "education-news" });
    expect(draft.isPublished).toBe(0);
    expect(draft.publishedAt).toBeNull();

    for (const token of [undefined, member.token, guest.token]) {
      const one = await api(`/blog/posts/${encodeURIComponent(draft.slug)}`, { token });
      expect(one.status).toBe(404);
      expect(one.body.error).toBe("게시글을 찾을 수 없습니다.");
      const list = await api("/blog/posts?all=1", { token });
      expect(list.status).toBe(200);
      expect(list.body.map((p: { id: string }) => p.id)).not.toContain(draft.id);
      const att = await api(`/blog/${draft.id}/attachments`, { token });
      expect(att.status).toBe(404);
    }

    const asAdmin = await api(`/blog/posts/${encodeURIComponent(draft.slug)}`, { token: admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.isPublished).toBe(0);
    const adminAll = await api("/blog/posts?all=1", { token: admin.token });
    expect(adminAll.body.map((p: { id: string }) => p.id)).toContain(draft.id);
    // The public list stays public even for admins.
    const adminPublic = await api("/blog/posts", { token: admin.token });
    expect(adminPublic.body.map((p: { id: string }) => p.id)).not.toContain(draft.id);

    const published = await api(`/blog/posts/${draft.id}`, { method: "PUT", token: admin.token, json: { isPublished: 1 } });
    expect(published.status).toBe(200);
    expect(published.body.publishedAt).toBeTruthy();
    expect(published.body.title).toBe(draft.title);
    expect((await api(`/blog/posts/${encodeURIComponent(draft.slug)}`)).status).toBe(200);
  });

  it("lists published posts newest first and filters by category", async () => {
    const a = await createPost({ category: "admission-info" });
    const b = await createPost({ category: "admission-info" });
    await testSql()`update public.blog_posts set published_at = now() - interval '1 day' where id = ${a.id}`;
    const list = await api("/blog/posts?category=admission-info");
    expect(list.status).toBe(200);
    const ids = list.body.map((p: { id: string }) => p.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(list.body.every((p: { category: string; isPublished: number }) => p.category === "admission-info" && p.isPublished === 1)).toBe(
      true,
    );
    const dates = list.body.map((p: { publishedAt: string }) => Date.parse(p.publishedAt));
    expect([...dates].sort((x, y) => y - x)).toEqual(dates);
    expect((await api("/blog/posts?category=nope")).status).toBe(400);
  });

  it("updates partially and deletes a post", async () => {
    const post = await createPost();
    const upd = await api(`/blog/posts/${post.id}`, {
      method: "PUT",
      token: admin.token,
      json: { excerpt: "바뀐 요약", featuredImage: "https://example.com/a.png" },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      excerpt: "바뀐 요약",
      featuredImage: "https://example.com/a.png",
      title: post.title,
      content: post.content,
      metaTitle: "SEO 제목",
    });
    const del = await api(`/blog/posts/${post.id}`, { method: "DELETE", token: admin.token });
    expect(del.status).toBe(200);
    expect((await api(`/blog/posts/${encodeURIComponent(post.slug)}`)).status).toBe(404);
    expect((await api(`/blog/posts/${post.id}`, { method: "DELETE", token: admin.token })).status).toBe(404);
  });

  it("counts a view only when ?view=1 is sent", async () => {
    const post = await createPost();
    const path = `/blog/posts/${encodeURIComponent(post.slug)}`;
    expect((await api(path)).body.viewCount).toBe(0);
    expect((await api(`${path}?view=1`)).body.viewCount).toBe(1);
    expect((await api(`${path}?view=1`, { token: member.token })).body.viewCount).toBe(2);
    expect((await api(path)).body.viewCount).toBe(2);
  });
});

describe("blog attachments", () => {
  it("links a temporary attachment to the post created with its id", async () => {
    const temp = await api("/blog/temp-attachments", { token: admin.token, form: fileForm(makePng(), "표지.png", "image/png") });
    expect(temp.status, JSON.stringify(temp.body)).toBe(201);
    expect(temp.body).toMatchObject({ filename: "표지.png", fileType: "image", mimeType: "image/png", blogPostId: null });
    expect(temp.body.url).toMatch(/\/storage\/v1\/object\/public\/blog\//);

    const post = await createPost({ attachmentIds: [temp.body.id] });
    const list = await api(`/blog/${post.id}/attachments`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: temp.body.id, filename: "표지.png", fileType: "image", fileSize: makePng().length });

    const file = await fetch(list.body[0].url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(makePng())).toBe(true);
  });

  it("decides the type from the bytes: pdf, docx, txt accepted; others refused", async () => {
    const post = await createPost();
    const cases: [Uint8Array | string, string, string, string][] = [
      [await makePdf(), "자료.pdf", "document", "application/pdf"],
      [await makeDocx(), "자료.docx", "document", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["한글 텍스트 파일입니다.\n둘째 줄", "메모.txt", "document", "text/plain"],
      [makePng(), "actually-png.pdf", "image", "image/png"],
      // A Word archive whose first entry is the document itself (found by the zip check).
      [
        makeZip([
          { name: "word/document.xml", data: Buffer.from("<w:document/>") },
          { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
        ]),
        "순서.docx",
        "document",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
    ];
    for (const [bytes, name, fileType, mimeType] of cases) {
      const res = await api(`/blog/${post.id}/attachments`, { token: admin.token, form: fileForm(bytes, name) });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body).toMatchObject({ filename: name, fileType, mimeType, blogPostId: post.id });
    }

    const refused: [Uint8Array, string][] = [
      [makeZip([{ name: "a.txt", data: Buffer.from("hi") }]), "archive.docx"],
      [Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0, 0, 0xff, 0xff]), "tool.exe"],
      [Uint8Array.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0xff]), "binary.txt"],
    ];
    for (const [bytes, name] of refused) {
      const res = await api(`/blog/${post.id}/attachments`, { token: admin.token, form: fileForm(bytes, name, "image/png") });
      expect(res.status, name).toBe(400);
      expect(res.body.error).toMatch(/파일만 업로드할 수 있습니다/);
    }

    const list = await api(`/blog/${post.id}/attachments`, { token: admin.token });
    expect(list.body.map((a: { filename: string }) => a.filename)).toEqual([
      "자료.pdf",
      "자료.docx",
      "메모.txt",
      "actually-png.pdf",
      "순서.docx",
    ]);
  });

  it("refuses files over 10 MB with 413 and a Korean message", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61);
    const res = await api("/blog/temp-attachments", { token: admin.token, form: fileForm(big, "big.txt", "text/plain") });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("파일 크기는 10MB를 초과할 수 없습니다.");
  });

  it("deletes an attachment and its stored file; deleting a post removes its files", async () => {
    const post = await createPost();
    const a = await api(`/blog/${post.id}/attachments`, { token: admin.token, form: fileForm("첫 번째", "a.txt") });
    const b = await api(`/blog/${post.id}/attachments`, { token: admin.token, form: fileForm("두 번째", "b.txt") });
    expect((await fetch(a.body.url)).status).toBe(200);

    const del = await api(`/blog/attachments/${a.body.id}`, { method: "DELETE", token: admin.token });
    expect(del.status).toBe(200);
    expect((await fetch(a.body.url)).status).not.toBe(200);
    expect((await api(`/blog/attachments/${a.body.id}`, { method: "DELETE", token: admin.token })).status).toBe(404);

    expect((await api(`/blog/posts/${post.id}`, { method: "DELETE", token: admin.token })).status).toBe(200);
    expect((await fetch(b.body.url)).status).not.toBe(200);
    const rows = await testSql()`select 1 from public.blog_attachments where id = ${b.body.id}`;
    expect(rows).toHaveLength(0);
  });
});
