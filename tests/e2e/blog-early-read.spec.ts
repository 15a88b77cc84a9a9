// The public blog's first API read starts from index.html, side by side with the JavaScript
// (src/features/blog/api/early-reads.ts, inlined by vite.config.ts): a first visit reads its post
// once, counts one view, and a member's reads still carry the member's token.
import { expect, test, type Page } from "@playwright/test";
import { publishPost } from "../helpers/blog.ts";
import { createAdmin, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { signIn } from "./support.ts";

let admin: TestUser;
test.beforeAll(async () => {
  admin = await createAdmin();
});

/** A published post with a Hangul slug: the inline script and the API client must spell its address the same way. */
async function publishPostTitled(title: string): Promise<string> {
  const slug = `첫-방문-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await publishPost(admin, { slug, title, content: "## 소제목\n\n본문 문단입니다." });
  return slug;
}

const views = async (slug: string) =>
  (await testSql()`select view_count from public.blog_posts where slug = ${slug}`)[0]?.view_count as number;

/** Every request the page makes for `apiPath` (under /api), with its query and whether it carried the API client's headers. */
function recordReads(page: Page, apiPath: string) {
  const reads: Array<{ query: string; viaClient: boolean; token: boolean }> = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (decodeURIComponent(url.pathname) !== `/api${apiPath}`) return;
    const headers = request.headers();
    reads.push({ query: url.search, viaClient: "x-device-id" in headers, token: "authorization" in headers });
  });
  return reads;
}

test("a post's first visit reads it once, from index.html, and counts one view; a reload counts none", async ({ page }) => {
  const slug = await publishPostTitled("처음 여는 글");
  const reads = recordReads(page, `/blog/posts/${slug}`);
  await page.goto(`/blog/${encodeURIComponent(slug)}`);
  await expect(page.getByRole("heading", { name: "처음 여는 글" })).toBeVisible();
  await expect(page.getByText("본문 문단입니다.")).toBeVisible();
  // One read, started before the app's modules (no X-Device-Id: the API client did not send it).
  expect(reads).toEqual([{ query: "?view=1", viaClient: false, token: false }]);
  expect(await views(slug)).toBe(1);

  await page.reload();
  await expect(page.getByText("본문 문단입니다.")).toBeVisible();
  expect(reads).toEqual([
    { query: "?view=1", viaClient: false, token: false },
    { query: "", viaClient: false, token: false },
  ]);
  expect(await views(slug)).toBe(1);

  // The page took its early read: nothing is left waiting.
  expect(await page.evaluate(() => Object.keys((window as { __earlyReads?: object }).__earlyReads ?? {}))).toEqual([]);
});

test("the blog list's first visit reads the list once, from index.html", async ({ page }) => {
  const slug = await publishPostTitled("목록에 보이는 글");
  const reads = recordReads(page, "/blog/posts");
  await page.goto("/blog");
  await expect(page.locator(`main a[href="/blog/${encodeURIComponent(slug)}"]`).first()).toBeVisible();
  expect(reads).toEqual([{ query: "", viaClient: false, token: false }]);
});

test("a signed-in member's post read goes through the API client with the member's token", async ({ page }) => {
  const member = await createMember();
  const slug = await publishPostTitled("회원이 읽는 글");
  await signIn(page, member);
  const reads = recordReads(page, `/blog/posts/${slug}`);
  await page.goto(`/blog/${encodeURIComponent(slug)}`);
  await expect(page.getByText("본문 문단입니다.")).toBeVisible();
  expect(reads).toEqual([{ query: "?view=1", viaClient: true, token: true }]);
  expect(await views(slug)).toBe(1);
});
