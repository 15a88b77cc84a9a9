// Base schema: the auth.users trigger, Seoul-month periods, seed data, buckets and table hygiene.
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { readStack } from "../helpers/stack.ts";
import { BASE_TABLES, ORG_TABLES } from "../helpers/schema.ts";

const stack = readStack();
const sql = postgres(stack.dbUrl, { max: 2, onnotice: () => {} });
const created: string[] = [];

async function createAuthUser(opts: { anonymous?: boolean; email?: string | null; meta?: Record<string, unknown> } = {}) {
  const id = randomUUID();
  const email = opts.anonymous ? null : (opts.email ?? `schema-${id.slice(0, 8)}@example.com`);
  await sql`
    insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at)
    values (${id}, 'authenticated', 'authenticated', ${email}, ${sql.json({})},
            ${sql.json((opts.meta ?? {}) as postgres.JSONValue)}, ${!!opts.anonymous}, now(), now())`;
  created.push(id);
  return { id, email };
}

afterAll(async () => {
  if (created.length) await sql`delete from auth.users where id in ${sql(created)}`;
  await sql.end();
});

describe("auth.users trigger", () => {
  it("creates a member's profile, trial subscription and current Seoul-month usage row", async () => {
    const username = `schema_${randomUUID().slice(0, 8)}`;
    const { id, email } = await createAuthUser({ meta: { username, display_name: "김선생" } });

    const [profile] = await sql`select * from public.profiles where id = ${id}`;
    expect(profile).toMatchObject({
      username,
      email,
      display_name: "김선생",
      is_admin: false,
      is_guest: false,
      guest_usage_count: 0,
      last_login_at: null,
    });

    const [sub] = await sql`select * from public.subscriptions where user_id = ${id}`;
    expect(sub).toMatchObject({ plan_id: "trial", status: "trial", end_date: null, canceled_at: null });
    expect(Math.abs((sub.start_date as Date).getTime() - Date.now())).toBeLessThan(60_000);

    const usage = await sql`select * from public.usage_tracking where user_id = ${id}`;
    const [period] = await sql`select * from private.current_period()`;
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ essay_count: 0, subscription_id: sub.id });
    expect(usage[0].period_start).toEqual(period.period_start);
    expect(usage[0].period_end).toEqual(period.period_end);
  });

  it("accepts displayName (camelCase) metadata", async () => {
    const { id } = await createAuthUser({ meta: { username: `schema_${randomUUID().slice(0, 8)}`, displayName: "이교사" } });
    const [p] = await sql`select display_name from public.profiles where id = ${id}`;
    expect(p.display_name).toBe("이교사");
  });

  it("makes an anonymous user a guest with a guest_<12 hex> username and no email", async () => {
    const { id } = await createAuthUser({ anonymous: true });
    const [p] =
      await sql`select username, email, display_name, is_guest, is_admin, guest_usage_count from public.profiles where id = ${id}`;
    expect(p.username).toMatch(/^guest_[0-9a-f]{12}$/);
    expect(p).toMatchObject({ email: null, display_name: null, is_guest: true, is_admin: false, guest_usage_count: 0 });
    const [s] = await sql`select plan_id, status from public.subscriptions where user_id = ${id}`;
    expect(s).toEqual({ plan_id: "trial", status: "trial" });
    const [{ n }] = await sql`select count(*)::int as n from public.usage_tracking where user_id = ${id}`;
    expect(n).toBe(1);
  });

  it("gives a user created without a username a generated user_ name", async () => {
    const { id } = await createAuthUser({ meta: {} });
    const [p] = await sql`select username, is_guest from public.profiles where id = ${id}`;
    expect(p.username).toMatch(/^user_[0-9a-f]{12}$/);
    expect(p.is_guest).toBe(false);
  });

  it("keeps profiles.email in sync and clears is_guest when a guest becomes permanent", async () => {
    const { id } = await createAuthUser({ meta: { username: `schema_${randomUUID().slice(0, 8)}` } });
    const next = `schema-new-${randomUUID().slice(0, 8)}@example.com`;
    await sql`update auth.users set email = ${next} where id = ${id}`;
    expect((await sql`select email from public.profiles where id = ${id}`)[0].email).toBe(next);

    const guest = await createAuthUser({ anonymous: true });
    const addr = `schema-up-${randomUUID().slice(0, 8)}@example.com`;
    await sql`update auth.users set email = ${addr}, is_anonymous = false where id = ${guest.id}`;
    expect((await sql`select email, is_guest from public.profiles where id = ${guest.id}`)[0]).toEqual({ email: addr, is_guest: false });
  });

  it("gives a duplicate username (any case) a generated one instead of failing the sign-up", async () => {
    const username = `schema_${randomUUID().slice(0, 8)}`;
    await createAuthUser({ meta: { username } });
    const { id } = await createAuthUser({ meta: { username: username.toUpperCase() } });
    const [p] = await sql`select username from public.profiles where id = ${id}`;
    expect(p.username).toMatch(/^user_[0-9a-f]{12}$/);
    expect(await sql`select 1 from public.subscriptions where user_id = ${id}`).toHaveLength(1);
  });

  it("removes profile, subscription and usage when the auth user is deleted", async () => {
    const { id } = await createAuthUser({ meta: { username: `schema_${randomUUID().slice(0, 8)}` } });
    await sql`delete from auth.users where id = ${id}`;
    const [{ p, s, u }] = await sql`select
      (select count(*)::int from public.profiles where id = ${id}) as p,
      (select count(*)::int from public.subscriptions where user_id = ${id}) as s,
      (select count(*)::int from public.usage_tracking where user_id = ${id}) as u`;
    expect({ p, s, u }).toEqual({ p: 0, s: 0, u: 0 });
  });
});

describe("private.current_period and ensure_current_usage", () => {
  it("uses Asia/Seoul month boundaries as [start, end)", async () => {
    const at = async (ts: string) => {
      const [r] = await sql`select period_start, period_end from private.current_period(${ts}::timestamptz)`;
      return [(r.period_start as Date).toISOString(), (r.period_end as Date).toISOString()];
    };
    // 2026-12-01 00:00 KST is 2026-11-30 15:00 UTC.
    expect(await at("2026-11-30T15:00:00Z")).toEqual(["2026-11-30T15:00:00.000Z", "2026-12-31T15:00:00.000Z"]);
    expect(await at("2026-11-30T14:59:59Z")).toEqual(["2026-10-31T15:00:00.000Z", "2026-11-30T15:00:00.000Z"]);
    expect(await at("2027-02-15T00:00:00Z")).toEqual(["2027-01-31T15:00:00.000Z", "2027-02-28T15:00:00.000Z"]);
  });

  it("ensure_current_usage creates a month's row once and returns it", async () => {
    const { id } = await createAuthUser({ meta: { username: `schema_${randomUUID().slice(0, 8)}` } });
    const [a] = await sql`select * from private.ensure_current_usage(${id}, '2030-05-10T00:00:00Z')`;
    const [b] = await sql`select * from private.ensure_current_usage(${id}, '2030-05-20T00:00:00Z')`;
    expect(a.id).toBe(b.id);
    expect((a.period_start as Date).toISOString()).toBe("2030-04-30T15:00:00.000Z");
    expect(a.essay_count).toBe(0);
    const [{ n }] = await sql`select count(*)::int as n from public.usage_tracking where user_id = ${id}`;
    expect(n).toBe(2);
  });
});

describe("seed data", () => {
  it("has the four plans with the exact prices and limits", async () => {
    const plans = await sql`
      select id, name, price, currency, billing_period, max_essays_per_month, max_files_per_upload, max_users, is_active, features
        from public.subscription_plans where id in ('trial', 'individual', 'educator', 'business') order by price`;
    expect(plans.map(({ features, ...p }) => p)).toEqual([
      {
        id: "trial",
        name: "체험판",
        price: 0,
        currency: "KRW",
        billing_period: "monthly",
        max_essays_per_month: 10,
        max_files_per_upload: 1,
        max_users: 1,
        is_active: true,
      },
      {
        id: "individual",
        name: "개인",
        price: 9900,
        currency: "KRW",
        billing_period: "monthly",
        max_essays_per_month: 100,
        max_files_per_upload: 1,
        max_users: 1,
        is_active: true,
      },
      {
        id: "educator",
        name: "교육자",
        price: 29900,
        currency: "KRW",
        billing_period: "monthly",
        max_essays_per_month: 500,
        max_files_per_upload: 10,
        max_users: 1,
        is_active: true,
      },
      {
        id: "business",
        name: "기업",
        price: 99000,
        currency: "KRW",
        billing_period: "monthly",
        max_essays_per_month: 3000,
        max_files_per_upload: 50,
        max_users: 10,
        is_active: true,
      },
    ]);
    const features: Record<string, string[]> = Object.fromEntries(plans.map((p) => [p.id, p.features as string[]]));
    expect(features.trial).toEqual(["기본 AI 분석"]);
    expect(features.individual).toEqual(["상세 피드백 제공", "이메일 지원", "분석 이력 관리"]);
    expect(features.educator).toEqual(["최고 수준의 AI 분석", "우선 지원", "무제한 이력 보관"]);
    expect(features.business).toEqual(["전담 계정 매니저", "맞춤형 평가 기준", "실시간 채팅 지원"]);
    // The limits are the numbers the product enforces (max_essays_per_month, max_files_per_upload), written
    // by the plan card in one unit; no feature restates one in another unit (학생 vs 답안).
    expect(
      Object.values(features)
        .flat()
        .filter((f) => /최대|\d|파일/.test(f)),
    ).toEqual([]);
  });

  it("has at least two published Korean posts in each category", async () => {
    const rows = await sql`
      select category, count(*)::int as n
        from public.blog_posts
       where is_published and published_at is not null and content ~ '[가-힣]' and char_length(content) > 300
       group by category order by category`;
    const byCategory = Object.fromEntries(rows.map((r) => [r.category, r.n]));
    for (const c of ["essay-tips", "admission-info", "platform-guide", "education-news"]) {
      expect(byCategory[c] ?? 0, c).toBeGreaterThanOrEqual(2);
    }
  });
});

describe("storage buckets", () => {
  it("essays is private and blog is public, both limited to 10 MB", async () => {
    const rows =
      await sql`select id, public, file_size_limit::int as limit from storage.buckets where id in ('essays', 'blog') order by id`;
    expect(rows).toEqual([
      { id: "blog", public: true, limit: 10 * 1024 * 1024 },
      { id: "essays", public: false, limit: 10 * 1024 * 1024 },
    ]);
  });
});

describe("table hygiene", () => {
  const base = [...BASE_TABLES, ...ORG_TABLES];

  it("every foreign-key column of the base tables is the leading column of an index", async () => {
    const rows = await sql`
      select c.conrelid::regclass::text as tbl, a.attname as col
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.contype = 'f' and c.connamespace = 'public'::regnamespace
         and c.conrelid::regclass::text = any(${base.map((t) => `${t}`)})
         and not exists (
           select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])`;
    expect(rows).toEqual([]);
  });

  it("holds no schema that nothing writes: no Stripe columns, no devices or email_verifications tables", async () => {
    const columns = await sql`
      select table_name || '.' || column_name as col from information_schema.columns
       where table_schema = 'public' and column_name like 'stripe%' order by 1`;
    expect(columns.map((r) => r.col)).toEqual([]);
    const tables = await sql`
      select c.relname from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relname in ('devices', 'email_verifications')`;
    expect(tables.map((r) => r.relname)).toEqual([]);
    const deviceColumns = await sql`
      select table_name from information_schema.columns where table_schema = 'public' and column_name = 'device_id'`;
    expect(deviceColumns.map((r) => r.table_name)).toEqual([]);
  });

  it("check constraints reject values outside the enums", async () => {
    const attempt = (q: string) =>
      sql
        .begin(async (tx) => tx.unsafe(q))
        .then(
          () => "ok",
          (e) => e.code as string,
        );
    const { id } = await createAuthUser({ meta: { username: `schema_${randomUUID().slice(0, 8)}` } });
    expect(await attempt(`update public.subscriptions set status = 'paused' where user_id = '${id}'`)).toBe("23514");
    expect(
      await attempt(`insert into public.payments (id, user_id, plan_id, amount, order_name, status)
                          values ('schema_check_${id.slice(0, 8)}', '${id}', 'trial', 0, 'x', 'weird')`),
    ).toBe("23514");
    expect(
      await attempt(
        `insert into public.blog_posts (title, slug, content, category) values ('t', 'schema-check-${randomUUID().slice(0, 8)}', 'c', 'gossip')`,
      ),
    ).toBe("23514");
    expect(await attempt(`insert into public.rate_limits (identifier, type, action, reset_at) values ('x', 'email', 'a', now())`)).toBe(
      "23514",
    );
  });

  it("updated_at moves forward on update and published_at is stamped on publish", async () => {
    const slug = `schema-pub-${randomUUID().slice(0, 8)}`;
    const [post] = await sql`insert into public.blog_posts (title, slug, content) values ('초안', ${slug}, '본문') returning *`;
    try {
      expect(post.published_at).toBeNull();
      expect(post.category).toBe("essay-tips");
      const [after] = await sql`update public.blog_posts set is_published = true where id = ${post.id} returning *`;
      expect(after.published_at).not.toBeNull();
      expect((after.updated_at as Date).getTime()).toBeGreaterThan((post.updated_at as Date).getTime());
    } finally {
      await sql`delete from public.blog_posts where id = ${post.id}`;
    }
  });
});
