// Blog posts made through the API for the tests that need one.
import { api, type TestUser } from "./users.ts";

/**
 * POST /blog/posts as `admin`: a published post in essay-tips with a short excerpt and body, and
 * `fields` over them (at least its slug); the created post (throws unless 201).
 */
export async function publishPost(admin: TestUser, fields: { slug: string } & Record<string, unknown>) {
  const json = { title: "테스트 글", excerpt: "요약", content: "본문입니다.", category: "essay-tips", isPublished: 1, ...fields };
  const res = await api("/blog/posts", { token: admin.token, json });
  if (res.status !== 201) throw new Error(`POST /blog/posts: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body;
}
