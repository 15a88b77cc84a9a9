// A username lost to a concurrent registration is a 409 (not an account
// with a generated name), and blog views are counted per trusted client address (not the
// spoofable leftmost X-Forwarded-For entry).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createAdmin, testSql, type TestUser, uniqueUsername } from "../helpers/users.ts";
import { publishPost } from "../helpers/blog.ts";

const sql = () => testSql();

afterAll(async () => {
  await closeTestSql();
});

describe("register race for one username", () => {
  it("gives exactly one 201 and 409s for the rest, leaving no extra accounts", async () => {
    const username = uniqueUsername("race");
    const tag = randomUUID().slice(0, 8);
    const emails = Array.from({ length: 5 }, (_, i) => `race-${tag}-${i}@example.com`);
    const results = await Promise.all(emails.map((email) => api("/auth/register", { json: { username, email, password: "password123" } })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(results.map((r) => r.body))).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.body.error).toBe("이미 사용 중인 사용자명입니다.");
    }
    const winner = results.find((r) => r.status === 201)!;
    expect(winner.body.user.username).toBe(username);

    const users = await sql()`select id, email from auth.users where email like ${`race-${tag}-%`}`;
    expect(users).toHaveLength(1);
    expect(users[0].id).toBe(winner.body.user.id);
    const profiles = await sql()`select id, username from public.profiles where email like ${`race-${tag}-%`}`;
    expect(profiles).toEqual([{ id: winner.body.user.id, username }]);
  });

  it("also refuses a case variant of a username taken at the same moment", async () => {
    const base = uniqueUsername("Case");
    const tag = randomUUID().slice(0, 8);
    const names = [base, base.toLowerCase(), base.toUpperCase()];
    const results = await Promise.all(
      names.map((username, i) =>
        api("/auth/register", { json: { username, email: `case-${tag}-${i}@example.com`, password: "password123" } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const [{ n }] = await sql()`select count(*)::int as n from auth.users where email like ${`case-${tag}-%`}`;
    expect(n).toBe(1);
  });
});

describe("blog views behind trusted proxies", () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createAdmin();
  });

  it("counts one view for rotating leftmost X-Forwarded-For entries from one client", async () => {
    const slug = `xff-${randomUUID().slice(0, 8)}`;
    await publishPost(admin, { title: "조회수 테스트", slug });
    const path = `/blog/posts/${slug}?view=1`;
    // The client forges the leftmost entry; the outer proxy appends its real address (203.0.113.77).
    for (let i = 0; i < 6; i++) {
      const res = await api(path, { headers: { "X-Forwarded-For": `10.9.8.${i}, 203.0.113.77` } });
      expect(res.status).toBe(200);
    }
    let [{ view_count }] = await sql()`select view_count from public.blog_posts where slug = ${slug}`;
    expect(view_count).toBe(1);
    // A different real client still counts.
    await api(path, { headers: { "X-Forwarded-For": "10.9.8.0, 203.0.113.78" } });
    [{ view_count }] = await sql()`select view_count from public.blog_posts where slug = ${slug}`;
    expect(view_count).toBe(2);
  });
});
