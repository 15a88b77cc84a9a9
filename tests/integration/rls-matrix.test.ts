// RLS matrix: every public table × {owner, other member, guest, anon, admin} × {select, insert, update, delete},
// run as SQL with `set local role` + `request.jwt.claims`, exactly as PostgREST / the API's asUser do.
import { randomBytes, randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readStack } from "../helpers/stack.ts";
import { BASE_TABLES, ORG_TABLES } from "../helpers/schema.ts";
import { rolledBackAs } from "../helpers/grading.ts";

const stack = readStack();
const sql = postgres(stack.dbUrl, { max: 4, onnotice: () => {} });

type Actor = "owner" | "other" | "guest" | "anon" | "admin";
const ACTORS: Actor[] = ["owner", "other", "guest", "anon", "admin"];
type User = Exclude<Actor, "anon">;
const USERS: User[] = ["owner", "other", "guest", "admin"];

/** What an operation did: the fixture labels it saw (select), the rows it changed, or "denied" (SQLSTATE 42501). */
type Outcome = string[] | number | "denied";

const suffix = randomUUID().slice(0, 8);
const uid = {} as Record<User, string>;
const fx = {
  session: {} as Record<User, string>,
  submission: {} as Record<User, string>,
  result: {} as Record<User, string>,
  payment: {} as Record<User, string>,
  class: {} as Record<User, string>,
  student: {} as Record<User, string>,
  /** One row per user of each table only the server writes (serverWritten below). */
  refused: {} as Record<User, string>,
  anchor: {} as Record<User, string>,
  share: {} as Record<User, string>,
  edit: {} as Record<User, string>,
  usage: {} as Record<User, string>,
  intake: {} as Record<User, string>,
  code: {} as Record<User, string>,
  /** A paid order kept after its buyer's account was deleted (no user). */
  withdrawnPayment: `matrix_withdrawn_${suffix}`,
  /** An owner submission without a result yet. */
  bareSubmission: "",
  inactivePlan: `matrix_inactive_${suffix}`,
  publishedPost: "",
  draftPost: "",
  publishedAttachment: "",
  draftAttachment: "",
  tempAttachment: "",
  rateLimit: "",
  abuse: "",
};
/** id → readable label, so a failing expectation prints e.g. ["session:owner"]. */
const labels = new Map<string, string>();

function claimsFor(actor: Actor) {
  if (actor === "anon") return { role: "anon", iss: "supabase-demo" };
  return {
    sub: uid[actor],
    role: "authenticated",
    aud: "authenticated",
    is_anonymous: actor === "guest",
    session_id: randomUUID(),
  };
}

/** Runs fn as the actor inside a transaction that is always rolled back. */
const as = (
  actor: Actor,
  fn: (tx: postgres.TransactionSql) => Promise<Outcome>,
  prepare?: (tx: postgres.TransactionSql) => Promise<unknown>,
): Promise<Outcome> => rolledBackAs(claimsFor(actor), fn, { prepare, sql });

async function createAuthUser(opts: { anonymous?: boolean; meta?: Record<string, unknown> } = {}) {
  const id = randomUUID();
  const email = opts.anonymous ? null : `matrix-${id.slice(0, 8)}@example.com`;
  await sql`
    insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at)
    values (${id}, 'authenticated', 'authenticated', ${email},
            ${sql.json(opts.anonymous ? {} : { provider: "email", providers: ["email"] })},
            ${sql.json((opts.meta ?? {}) as postgres.JSONValue)}, ${!!opts.anonymous}, now(), now())`;
  return id;
}

const seen = (rows: { id: string }[]) => rows.map((r) => labels.get(r.id) ?? r.id).sort();

beforeAll(async () => {
  for (const who of USERS) {
    uid[who] =
      who === "guest" ? await createAuthUser({ anonymous: true }) : await createAuthUser({ meta: { username: `matrix_${who}_${suffix}` } });
    labels.set(uid[who], who);
  }
  await sql`update public.profiles set is_admin = true where id = ${uid.admin}`;

  for (const who of USERS) {
    const [s] = await sql`insert into public.analysis_sessions (user_id, prompt_content)
                          values (${uid[who]}, '문제') returning id`;
    const [e] = await sql`insert into public.essay_submissions (session_id, user_id, student_name, essay_content)
                          values (${s.id}, ${uid[who]}, '홍길동', '답안') returning id`;
    const [r] = await sql`insert into public.analysis_results (submission_id, overall_score)
                          values (${e.id}, 80) returning id`;
    const paymentId = `matrix_${who}_${suffix}`;
    await sql`insert into public.payments (id, user_id, plan_id, amount, order_name)
              values (${paymentId}, ${uid[who]}, 'individual', 9900, '개인 플랜')`;
    const [c] = await sql`insert into public.classes (user_id, name) values (${uid[who]}, '1반') returning id`;
    const [st] =
      await sql`insert into public.students (user_id, exam_number, name) values (${uid[who]}, '20240101', '김민수') returning id`;
    await sql`insert into public.class_students (class_id, student_id, seat_number) values (${c.id}, ${st.id}, 1)`;
    fx.class[who] = c.id;
    fx.student[who] = st.id;
    labels.set(c.id, `class:${who}`).set(st.id, `student:${who}`);
    const [il] = await sql`insert into public.intake_links (session_id, user_id, token_hash, deadline)
                           values (${s.id}, ${uid[who]}, ${randomBytes(32)}, now() + interval '1 day') returning id`;
    const [sc] = await sql`insert into public.student_codes (student_id, user_id, code_hash)
                           values (${st.id}, ${uid[who]}, ${randomBytes(32)}) returning id`;
    await sql`insert into public.essay_drafts (submission_id, intake_id, session_id, student_id, user_id, draft_number)
              values (${e.id}, ${il.id}, ${s.id}, ${st.id}, ${uid[who]}, 1)`;
    fx.intake[who] = il.id;
    fx.code[who] = sc.id;
    labels.set(il.id, `intake:${who}`).set(sc.id, `code:${who}`);
    fx.session[who] = s.id;
    fx.submission[who] = e.id;
    fx.result[who] = r.id;
    fx.payment[who] = paymentId;
    labels.set(s.id, `session:${who}`).set(e.id, `submission:${who}`).set(r.id, `result:${who}`);
    labels.set(paymentId, `payment:${who}`);

    const [ra] = await sql`insert into public.refused_answers (session_id, user_id, student_name, reason)
                           values (${s.id}, ${uid[who]}, '홍길동', '답안이 100자보다 짧습니다.') returning id`;
    const [an] = await sql`insert into public.session_anchors (session_id, user_id, content, total_score)
                           values (${s.id}, ${uid[who]}, '기준 답안', 80) returning id`;
    const [sh] = await sql`insert into public.report_shares (submission_id, user_id, token_hash, expires_at)
                           values (${e.id}, ${uid[who]}, ${sql`sha256(${randomUUID()}::bytea)`}, now() + interval '7 days') returning id`;
    const [ed] = await sql`insert into public.result_edits (result_id, user_id, field, before, after)
                           values (${r.id}, ${uid[who]}, 'strengths', '[]', '["근거가 분명함"]') returning id`;
    const [gu] = await sql`insert into public.grading_usage (submission_id, user_id, mode, call_kind, model)
                           values (${e.id}, ${uid[who]}, 'holistic', 'holistic', 'matrix-model') returning id::text as id`;
    const rows = { refused: ra.id, anchor: an.id, share: sh.id, edit: ed.id, usage: gu.id } as Record<ServerKind, string>;
    for (const kind of SERVER_KINDS) {
      fx[kind][who] = rows[kind];
      labels.set(rows[kind], `${kind}:${who}`);
    }
  }

  await sql`insert into public.payments (id, user_id, plan_id, amount, order_name, status, withdrawn_at)
            values (${fx.withdrawnPayment}, null, 'individual', 9900, '개인 플랜', 'done', now())`;
  labels.set(fx.withdrawnPayment, "payment:withdrawn");

  const [bare] = await sql`insert into public.essay_submissions (session_id, user_id, essay_content)
                           values (${fx.session.owner}, ${uid.owner}, '채점 전 답안') returning id`;
  fx.bareSubmission = bare.id;

  await sql`insert into public.subscription_plans (id, name, price, max_essays_per_month, is_active)
            values (${fx.inactivePlan}, '숨김 플랜', 1000, 1, false)`;
  labels.set(fx.inactivePlan, "plan:inactive").set("trial", "plan:trial");

  const [pub] = await sql`insert into public.blog_posts (author_id, title, slug, excerpt, content, category, is_published)
                          values (${uid.admin}, '공개 글', ${`matrix-published-${suffix}`}, '요약', '본문', 'essay-tips', true)
                          returning id`;
  const [draft] = await sql`insert into public.blog_posts (author_id, title, slug, excerpt, content, category, is_published)
                            values (${uid.admin}, '비공개 글', ${`matrix-draft-${suffix}`}, '요약', '본문', 'essay-tips', false)
                            returning id`;
  fx.publishedPost = pub.id;
  fx.draftPost = draft.id;
  labels.set(pub.id, "post:published").set(draft.id, "post:draft");
  const attach = async (postId: string | null, label: string) => {
    const [a] = await sql`insert into public.blog_attachments (blog_post_id, uploaded_by, filename, filepath, file_type, file_size)
                          values (${postId}, ${uid.admin}, 'a.png', ${`attachments/${randomUUID()}.png`}, 'image', 10)
                          returning id`;
    labels.set(a.id, `attachment:${label}`);
    return a.id as string;
  };
  fx.publishedAttachment = await attach(fx.publishedPost, "published");
  fx.draftAttachment = await attach(fx.draftPost, "draft");
  fx.tempAttachment = await attach(null, "temporary");

  const [rl] = await sql`insert into public.rate_limits (identifier, type, action, reset_at)
                         values (${`matrix-${suffix}`}, 'ip', 'login', now() + interval '1 minute') returning id`;
  const [ab] = await sql`insert into public.abuse_tracking (ip_address, event_type) values (${`matrix-${suffix}`}, 'matrix') returning id`;
  Object.assign(fx, { rateLimit: rl.id, abuse: ab.id });
  labels.set(rl.id, "rate_limit").set(ab.id, "abuse");
});

afterAll(async () => {
  await sql`delete from public.blog_posts where id in ${sql([fx.publishedPost, fx.draftPost].filter(Boolean))}`;
  await sql`delete from public.blog_attachments where id = ${fx.tempAttachment || randomUUID()}`;
  await sql`delete from public.abuse_tracking where ip_address = ${`matrix-${suffix}`}`;
  await sql`delete from public.rate_limits where identifier = ${`matrix-${suffix}`}`;
  await sql`delete from public.payments where id in ${sql(Object.values(fx.payment))}`.catch(() => {});
  await sql`delete from public.payments where id = ${fx.withdrawnPayment}`;
  await sql`delete from auth.users where id in ${sql(Object.values(uid))}`;
  await sql`delete from public.subscription_plans where id = ${fx.inactivePlan}`;
  await sql.end();
});

// -----------------------------------------------------------------------------
// The matrix
// -----------------------------------------------------------------------------
interface Case {
  table: string;
  op: "select" | "insert" | "update" | "delete";
  what: string;
  run: (tx: postgres.TransactionSql, actor: Actor) => Promise<Outcome>;
  expect: Record<Actor, Outcome>;
}

const D = "denied" as const;
const all = (o: Outcome): Record<Actor, Outcome> => ({ owner: o, other: o, guest: o, anon: o, admin: o });
/** A write only the admin may make: it changes the one row, anon is denied, everyone else changes none. */
const adminOneRow: Record<Actor, Outcome> = { owner: 0, other: 0, guest: 0, anon: D, admin: 1 };
const ownOnly = (): Record<Actor, Outcome> => ({
  owner: ["owner"],
  other: ["other"],
  guest: ["guest"],
  anon: D,
  admin: ["admin", "guest", "other", "owner"],
});
const prefixed = (p: string, e: Record<Actor, Outcome>): Record<Actor, Outcome> =>
  Object.fromEntries(Object.entries(e).map(([k, v]) => [k, Array.isArray(v) ? v.map((x) => `${p}:${x}`).sort() : v])) as Record<
    Actor,
    Outcome
  >;
const selfId = (actor: Actor) => (actor === "anon" ? randomUUID() : uid[actor]);
type Owned = "session" | "submission" | "result" | "payment" | "class" | "student" | "intake" | "code";
/** Selecting the four test rows `fx[kind]` of `table` (one per user): each user sees their own, the admin all, anon is denied. */
const ownRowsSeen = (table: string, kind: Owned, what: string): Case => ({
  table,
  op: "select",
  what,
  run: async (tx) => seen(await tx`select id from ${tx(`public.${table}`)} where id in ${tx(Object.values(fx[kind]))}`),
  expect: prefixed(kind, ownOnly()),
});
/** Deleting the owner's row `fx[kind].owner` of `table`: the rows each actor deleted, or denied, as `expect` says. */
const ownerRowDeleted = (table: string, kind: Owned, what: string, expect: Record<Actor, Outcome>): Case => ({
  table,
  op: "delete",
  what,
  run: async (tx) => (await tx`delete from ${tx(`public.${table}`)} where id = ${fx[kind].owner}`).count,
  expect,
});

const cases: Case[] = [
  // profiles ------------------------------------------------------------------
  {
    table: "profiles",
    op: "select",
    what: "the four test profiles",
    run: async (tx) => seen(await tx`select id from public.profiles where id in ${tx(Object.values(uid))}`),
    expect: ownOnly(),
  },
  {
    table: "profiles",
    op: "insert",
    what: "a profile row",
    run: async (tx, a) =>
      (await tx`insert into public.profiles (id, username) values (${selfId(a)}, ${`x_${randomUUID().slice(0, 8)}`})`).count,
    expect: all(D),
  },
  {
    table: "profiles",
    op: "update",
    what: "the owner's display_name",
    run: async (tx) => (await tx`update public.profiles set display_name = '새 이름' where id = ${uid.owner}`).count,
    expect: { owner: 1, other: 0, guest: 0, anon: D, admin: 0 },
  },
  {
    table: "profiles",
    op: "delete",
    what: "the owner's profile",
    run: async (tx) => (await tx`delete from public.profiles where id = ${uid.owner}`).count,
    expect: all(D),
  },
  // subscription_plans --------------------------------------------------------
  {
    table: "subscription_plans",
    op: "select",
    what: "trial + an inactive plan",
    run: async (tx) => seen(await tx`select id from public.subscription_plans where id in ${tx(["trial", fx.inactivePlan])}`),
    expect: {
      owner: ["plan:trial"],
      other: ["plan:trial"],
      guest: ["plan:trial"],
      anon: ["plan:trial"],
      admin: ["plan:inactive", "plan:trial"],
    },
  },
  {
    table: "subscription_plans",
    op: "insert",
    what: "a new plan (service connection only)",
    run: async (tx) =>
      (
        await tx`insert into public.subscription_plans (id, name, price, max_essays_per_month)
                                 values (${`matrix_new_${randomUUID().slice(0, 8)}`}, '새 플랜', 500, 5)`
      ).count,
    expect: all(D),
  },
  {
    table: "subscription_plans",
    op: "update",
    what: "the trial plan's price (service connection only)",
    run: async (tx) => (await tx`update public.subscription_plans set price = 1 where id = 'trial'`).count,
    expect: all(D),
  },
  {
    table: "subscription_plans",
    op: "delete",
    what: "the inactive plan",
    run: async (tx) => (await tx`delete from public.subscription_plans where id = ${fx.inactivePlan}`).count,
    expect: adminOneRow,
  },
  // subscriptions -------------------------------------------------------------
  {
    table: "subscriptions",
    op: "select",
    what: "the four test users' subscriptions",
    run: async (tx) =>
      seen((await tx`select user_id from public.subscriptions where user_id in ${tx(Object.values(uid))}`).map((r) => ({ id: r.user_id }))),
    expect: ownOnly(),
  },
  {
    table: "subscriptions",
    op: "insert",
    what: "a subscription for oneself",
    run: async (tx, a) =>
      (await tx`insert into public.subscriptions (user_id, plan_id, status) values (${selfId(a)}, 'business', 'active')`).count,
    expect: all(D),
  },
  {
    table: "subscriptions",
    op: "update",
    what: "the owner's plan/status",
    run: async (tx) =>
      (await tx`update public.subscriptions set plan_id = 'business', status = 'active' where user_id = ${uid.owner}`).count,
    expect: all(D),
  },
  {
    table: "subscriptions",
    op: "delete",
    what: "the owner's subscription",
    run: async (tx) => (await tx`delete from public.subscriptions where user_id = ${uid.owner}`).count,
    expect: all(D),
  },
  // usage_tracking ------------------------------------------------------------
  {
    table: "usage_tracking",
    op: "select",
    what: "the four test users' usage rows",
    run: async (tx) =>
      seen(
        (await tx`select user_id from public.usage_tracking where user_id in ${tx(Object.values(uid))}`).map((r) => ({ id: r.user_id })),
      ),
    expect: ownOnly(),
  },
  {
    table: "usage_tracking",
    op: "insert",
    what: "a usage row for oneself",
    run: async (tx, a) =>
      (
        await tx`insert into public.usage_tracking (user_id, period_start, period_end)
                                    values (${selfId(a)}, now() + interval '1 year', now() + interval '2 years')`
      ).count,
    expect: all(D),
  },
  {
    table: "usage_tracking",
    op: "update",
    what: "the owner's essay_count",
    run: async (tx) => (await tx`update public.usage_tracking set essay_count = 0 where user_id = ${uid.owner}`).count,
    expect: all(D),
  },
  {
    table: "usage_tracking",
    op: "delete",
    what: "the owner's usage rows",
    run: async (tx) => (await tx`delete from public.usage_tracking where user_id = ${uid.owner}`).count,
    expect: all(D),
  },
  // classes, students, class_students: the owner only (private.can_access_class / can_access_student),
  // admins included; the owner column is not writable, links stay within one owner (triggers).
  ...(["class", "student"] as const).flatMap((kind): Case[] => {
    const table = kind === "class" ? "classes" : "students";
    const insertOwn =
      kind === "class"
        ? "insert into public.classes (name) values ('새 반')"
        : "insert into public.students (exam_number, name) values ('1', '새학생')";
    return [
      { ...ownRowsSeen(table, kind, `the four test ${table}`), expect: prefixed(kind, { ...ownOnly(), admin: ["admin"] }) },
      {
        table,
        op: "insert",
        what: "a row of one's own",
        run: async (tx) => (await tx.unsafe(insertOwn)).count,
        expect: { ...all(1), anon: D },
      },
      {
        table,
        op: "insert",
        what: "a row owned by the owner",
        run: async (tx) =>
          (
            await tx.unsafe(
              `insert into public.${table} (user_id, name${kind === "student" ? ", exam_number" : ""}) values ($1, '남의 것'${kind === "student" ? ", '2'" : ""})`,
              [uid.owner],
            )
          ).count,
        expect: all(D),
      },
      {
        table,
        op: "update",
        what: "the owner's row's name",
        run: async (tx) => (await tx.unsafe(`update public.${table} set name = '수정' where id = $1`, [fx[kind].owner])).count,
        expect: { owner: 1, other: 0, guest: 0, anon: D, admin: 0 },
      },
      {
        table,
        op: "update",
        what: "the owner's row's owner",
        run: async (tx) => (await tx.unsafe(`update public.${table} set user_id = $1 where id = $2`, [uid.other, fx[kind].owner])).count,
        expect: all(D),
      },
      ownerRowDeleted(table, kind, `the owner's ${kind}`, { owner: 1, other: 0, guest: 0, anon: D, admin: 0 }),
    ];
  }),
  {
    table: "class_students",
    op: "select",
    what: "the four test enrolments",
    run: async (tx) =>
      seen(
        (await tx`select class_id as id from public.class_students where class_id in ${tx(Object.values(fx.class))}`) as { id: string }[],
      ),
    expect: prefixed("class", { ...ownOnly(), admin: ["admin"] }),
  },
  {
    table: "class_students",
    op: "insert",
    what: "one's own student into a new class of one's own",
    run: async (tx, a) => {
      const classId = randomUUID();
      await tx`insert into public.classes (id, name) values (${classId}, '새 반')`;
      return (await tx`insert into public.class_students (class_id, student_id) values (${classId}, ${fx.student[a as User]})`).count;
    },
    expect: { ...all(1), anon: D },
  },
  {
    table: "class_students",
    op: "insert",
    what: "the other member's student into the owner's class",
    run: async (tx) => {
      try {
        return (await tx`insert into public.class_students (class_id, student_id) values (${fx.class.owner}, ${fx.student.other})`).count;
      } catch (err) {
        // The same-owner trigger (23514) refuses it before any policy is checked.
        if ((err as { code?: string }).code === "23514") return D;
        throw err;
      }
    },
    expect: all(D),
  },
  {
    table: "class_students",
    op: "update",
    what: "the owner's enrolment's seat",
    run: async (tx) => (await tx`update public.class_students set seat_number = 2 where class_id = ${fx.class.owner}`).count,
    expect: { owner: 1, other: 0, guest: 0, anon: D, admin: 0 },
  },
  {
    table: "class_students",
    op: "delete",
    what: "the owner's enrolment",
    run: async (tx) => (await tx`delete from public.class_students where class_id = ${fx.class.owner}`).count,
    expect: { owner: 1, other: 0, guest: 0, anon: D, admin: 0 },
  },
  // intake_links, student_codes, essay_drafts: written by the service connection only (hashed tokens and
  // codes made by the API); each owner reads their own rows, never the hashes; anon nothing.
  ...(
    [
      ["intake_links", "intake"],
      ["student_codes", "code"],
    ] as const
  ).flatMap(([table, kind]): Case[] => [
    { ...ownRowsSeen(table, kind, `the four test ${table}`), expect: prefixed(kind, { ...ownOnly(), admin: ["admin"] }) },
    {
      table,
      op: "insert",
      what: "a row for one's own session or student",
      run: async (tx, a) =>
        table === "intake_links"
          ? (
              await tx`insert into public.intake_links (session_id, user_id, token_hash, deadline)
                      values (${fx.session[a === "anon" ? "owner" : a]}, ${selfId(a)}, ${randomBytes(32)}, now())`
            ).count
          : (
              await tx`insert into public.student_codes (student_id, user_id, code_hash)
                      values (${fx.student[a === "anon" ? "owner" : a]}, ${selfId(a)}, ${randomBytes(32)})`
            ).count,
      expect: all(D),
    },
    {
      table,
      op: "update",
      what: "the owner's row closed or revoked",
      run: async (tx) =>
        table === "intake_links"
          ? (await tx`update public.intake_links set closed_at = now() where id = ${fx.intake.owner}`).count
          : (await tx`update public.student_codes set revoked_at = now() where id = ${fx.code.owner}`).count,
      expect: all(D),
    },
    ownerRowDeleted(table, kind, `the owner's ${table}`, all(D)),
    {
      table,
      op: "select",
      what: "the owner's hash",
      run: async (tx) =>
        table === "intake_links"
          ? (await tx`select token_hash as id from public.intake_links where id = ${fx.intake.owner}`).length
          : (await tx`select code_hash as id from public.student_codes where id = ${fx.code.owner}`).length,
      expect: all(D),
    },
  ]),
  {
    table: "essay_drafts",
    op: "select",
    what: "the four test drafts",
    run: async (tx) =>
      seen(
        (await tx`select submission_id as id from public.essay_drafts where submission_id in ${tx(Object.values(fx.submission))}`) as {
          id: string;
        }[],
      ),
    expect: prefixed("submission", { ...ownOnly(), admin: ["admin"] }),
  },
  {
    table: "essay_drafts",
    op: "insert",
    what: "a draft of one's own bare answer",
    run: async (tx, a) =>
      (
        await tx`insert into public.essay_drafts (submission_id, intake_id, session_id, student_id, user_id, draft_number)
                 values (${fx.bareSubmission}, ${fx.intake.owner}, ${fx.session.owner}, ${fx.student.owner}, ${selfId(a)}, 2)`
      ).count,
    expect: all(D),
  },
  {
    table: "essay_drafts",
    op: "update",
    what: "the owner's draft hidden",
    run: async (tx) => (await tx`update public.essay_drafts set hidden = true where submission_id = ${fx.submission.owner}`).count,
    expect: all(D),
  },
  {
    table: "essay_drafts",
    op: "delete",
    what: "the owner's draft",
    run: async (tx) => (await tx`delete from public.essay_drafts where submission_id = ${fx.submission.owner}`).count,
    expect: all(D),
  },
  // analysis_sessions ---------------------------------------------------------
  ownRowsSeen("analysis_sessions", "session", "the four test sessions"),
  // Sessions are created by the API only (server-decided file paths and texts, security issue
  // items 1 and 6): no direct insert or update for anyone, the owner included.
  {
    table: "analysis_sessions",
    op: "insert",
    what: "a session of one's own",
    run: async (tx, a) => (await tx`insert into public.analysis_sessions (user_id, prompt_content) values (${selfId(a)}, '새 문제')`).count,
    expect: all(D),
  },
  {
    table: "analysis_sessions",
    op: "insert",
    what: "a session owned by the owner",
    run: async (tx) => (await tx`insert into public.analysis_sessions (user_id, prompt_content) values (${uid.owner}, '남의 문제')`).count,
    expect: all(D),
  },
  {
    table: "analysis_sessions",
    op: "update",
    what: "the owner's prompt_content",
    run: async (tx) => (await tx`update public.analysis_sessions set prompt_content = '수정' where id = ${fx.session.owner}`).count,
    expect: all(D),
  },
  {
    table: "analysis_sessions",
    op: "update",
    what: "the owner's prompt_file_path (another user's object)",
    run: async (tx) =>
      (
        await tx`update public.analysis_sessions set prompt_file_path = ${`${uid.other}/x/prompt.png`}
                                 where id = ${fx.session.owner}`
      ).count,
    expect: all(D),
  },
  {
    table: "analysis_sessions",
    op: "update",
    what: "the owner's session user_id (hand-over)",
    run: async (tx) => (await tx`update public.analysis_sessions set user_id = ${uid.other} where id = ${fx.session.owner}`).count,
    expect: all(D),
  },
  ownerRowDeleted("analysis_sessions", "session", "the owner's session", { owner: 1, other: 0, guest: 0, anon: D, admin: 0 }),
  // essay_submissions ---------------------------------------------------------
  ownRowsSeen("essay_submissions", "submission", "the four test submissions"),
  // Answers are created by the API only (quota, length caps, server-decided paths): no direct insert.
  {
    table: "essay_submissions",
    op: "insert",
    what: "a submission into one's own session",
    run: async (tx, a) =>
      (
        await tx`insert into public.essay_submissions (session_id, user_id, essay_content)
                                    values (${a === "anon" ? fx.session.owner : fx.session[a]}, ${selfId(a)}, '새 답안')`
      ).count,
    expect: all(D),
  },
  {
    table: "essay_submissions",
    op: "insert",
    what: "a submission into the owner's session (as oneself)",
    run: async (tx, a) =>
      (
        await tx`insert into public.essay_submissions (session_id, user_id, essay_content)
                                    values (${fx.session.owner}, ${selfId(a)}, '끼어들기')`
      ).count,
    expect: all(D),
  },
  {
    table: "essay_submissions",
    op: "insert",
    what: "a completed, uncharged submission (job columns)",
    run: async (tx) =>
      (
        await tx`insert into public.essay_submissions (session_id, user_id, essay_content, status, progress)
                                 values (${fx.session.owner}, ${uid.owner}, '답안', 'completed', 100)`
      ).count,
    expect: all(D),
  },
  {
    table: "essay_submissions",
    op: "update",
    what: "the owner's student_name",
    run: async (tx) => (await tx`update public.essay_submissions set student_name = '김철수' where id = ${fx.submission.owner}`).count,
    expect: { owner: 1, other: 0, guest: 0, anon: D, admin: 0 },
  },
  {
    table: "essay_submissions",
    op: "update",
    what: "the owner's essay_content / essay_file_path",
    run: async (tx) =>
      (
        await tx`update public.essay_submissions set essay_content = '바꾼 답안', essay_file_path = '../x'
                                 where id = ${fx.submission.owner}`
      ).count,
    expect: all(D),
  },
  {
    table: "essay_submissions",
    op: "update",
    what: "the owner's status/progress/usage_charged",
    run: async (tx) =>
      (
        await tx`update public.essay_submissions set status = 'completed', progress = 100, usage_charged = false
                                 where id = ${fx.submission.owner}`
      ).count,
    expect: all(D),
  },
  ownerRowDeleted("essay_submissions", "submission", "the owner's submission", { owner: 1, other: 0, guest: 0, anon: D, admin: 0 }),
  // analysis_results ----------------------------------------------------------
  ownRowsSeen("analysis_results", "result", "the four test results"),
  {
    table: "analysis_results",
    op: "insert",
    what: "a perfect-score result for a fresh submission",
    run: async (tx) =>
      (await tx`insert into public.analysis_results (submission_id, overall_score) values (${fx.bareSubmission}, 100)`).count,
    expect: all(D),
  },
  {
    table: "analysis_results",
    op: "update",
    what: "the owner's overall_score",
    run: async (tx) => (await tx`update public.analysis_results set overall_score = 100 where id = ${fx.result.owner}`).count,
    expect: all(D),
  },
  ownerRowDeleted("analysis_results", "result", "the owner's result", all(D)),
  // payments ------------------------------------------------------------------
  ownRowsSeen("payments", "payment", "the four test payments"),
  {
    table: "payments",
    op: "select",
    what: "a deleted account's kept payment record (no user)",
    run: async (tx) => seen(await tx`select id from public.payments where id = ${fx.withdrawnPayment}`),
    expect: { owner: [], other: [], guest: [], anon: D, admin: ["payment:withdrawn"] },
  },
  {
    table: "payments",
    op: "insert",
    what: "a paid order for oneself",
    run: async (tx, a) =>
      (
        await tx`insert into public.payments (id, user_id, plan_id, amount, order_name, status)
                                    values (${`matrix_${randomUUID()}`}, ${selfId(a)}, 'business', 0, '공짜', 'done')`
      ).count,
    expect: all(D),
  },
  {
    table: "payments",
    op: "update",
    what: "the owner's order status",
    run: async (tx) => (await tx`update public.payments set status = 'done', amount = 0 where id = ${fx.payment.owner}`).count,
    expect: all(D),
  },
  ownerRowDeleted("payments", "payment", "the owner's order", all(D)),
  // blog_posts ----------------------------------------------------------------
  {
    table: "blog_posts",
    op: "select",
    what: "a published and a draft post",
    run: async (tx) => seen(await tx`select id from public.blog_posts where id in ${tx([fx.publishedPost, fx.draftPost])}`),
    expect: {
      owner: ["post:published"],
      other: ["post:published"],
      guest: ["post:published"],
      anon: ["post:published"],
      admin: ["post:draft", "post:published"],
    },
  },
  {
    table: "blog_posts",
    op: "insert",
    what: "a new post",
    run: async (tx) =>
      (
        await tx`insert into public.blog_posts (title, slug, excerpt, content, category, is_published)
                                 values ('새 글', ${`matrix-new-${randomUUID().slice(0, 8)}`}, '요약', '본문', 'essay-tips', true)`
      ).count,
    expect: { owner: D, other: D, guest: D, anon: D, admin: 1 },
  },
  {
    table: "blog_posts",
    op: "update",
    what: "the published post's title",
    run: async (tx) => (await tx`update public.blog_posts set title = '변경' where id = ${fx.publishedPost}`).count,
    expect: adminOneRow,
  },
  {
    table: "blog_posts",
    op: "delete",
    what: "the published post",
    run: async (tx) => (await tx`delete from public.blog_posts where id = ${fx.publishedPost}`).count,
    expect: adminOneRow,
  },
  // blog_attachments ----------------------------------------------------------
  {
    table: "blog_attachments",
    op: "select",
    what: "attachments of a published post, a draft and a temporary one",
    run: async (tx) =>
      seen(
        await tx`select id from public.blog_attachments
                                     where id in ${tx([fx.publishedAttachment, fx.draftAttachment, fx.tempAttachment])}`,
      ),
    expect: {
      owner: ["attachment:published"],
      other: ["attachment:published"],
      guest: ["attachment:published"],
      anon: ["attachment:published"],
      admin: ["attachment:draft", "attachment:published", "attachment:temporary"],
    },
  },
  {
    table: "blog_attachments",
    op: "insert",
    what: "an attachment on the published post",
    run: async (tx) =>
      (
        await tx`insert into public.blog_attachments (blog_post_id, filename, filepath, file_type, file_size)
                                 values (${fx.publishedPost}, 'b.pdf', ${`attachments/${randomUUID()}.pdf`}, 'document', 1)`
      ).count,
    expect: { owner: D, other: D, guest: D, anon: D, admin: 1 },
  },
  {
    table: "blog_attachments",
    op: "update",
    what: "the published attachment's post",
    run: async (tx) =>
      (await tx`update public.blog_attachments set blog_post_id = ${fx.draftPost} where id = ${fx.publishedAttachment}`).count,
    expect: adminOneRow,
  },
  {
    table: "blog_attachments",
    op: "delete",
    what: "the published attachment",
    run: async (tx) => (await tx`delete from public.blog_attachments where id = ${fx.publishedAttachment}`).count,
    expect: adminOneRow,
  },
];

// Admin-only tables, same shape for both: admins read and delete; only the service connection writes.
const adminOnly: { table: string; key: keyof typeof fx; label: string; insert: string; update: string }[] = [
  {
    table: "rate_limits",
    key: "rateLimit",
    label: "rate_limit",
    insert: `insert into public.rate_limits (identifier, type, action, reset_at) values ('matrix-' || gen_random_uuid(), 'device', 'guest_create', now())`,
    update: `update public.rate_limits set count = count + 1 where id = $1`,
  },
  {
    table: "abuse_tracking",
    key: "abuse",
    label: "abuse",
    insert: `insert into public.abuse_tracking (event_type) values ('matrix')`,
    update: `update public.abuse_tracking set action_taken = 'blocked' where id = $1`,
  },
];
for (const t of adminOnly) {
  const id = () => fx[t.key] as string;
  cases.push(
    {
      table: t.table,
      op: "select",
      what: "the test row",
      run: async (tx) => seen(await tx.unsafe(`select id from public.${t.table} where id = $1`, [id()])),
      expect: { owner: [], other: [], guest: [], anon: D, admin: [t.label] },
    },
    {
      table: t.table,
      op: "insert",
      what: "a row",
      run: async (tx) => (await tx.unsafe(t.insert)).count,
      expect: all(D),
    },
    {
      table: t.table,
      op: "update",
      what: "the test row",
      run: async (tx) => (await tx.unsafe(t.update, [id()])).count,
      expect: all(D),
    },
    {
      table: t.table,
      op: "delete",
      what: "the test row",
      run: async (tx) => (await tx.unsafe(`delete from public.${t.table} where id = $1`, [id()])).count,
      expect: adminOneRow,
    },
  );
}

// Tables only the server writes (no insert/update/delete grant to anon or authenticated): who reads the
// four test rows, and every write is refused, even the owner's own.
const SERVER_KINDS = ["refused", "anchor", "share", "edit", "usage"] as const;
type ServerKind = (typeof SERVER_KINDS)[number];
const ownRowOnly = (): Record<Actor, Outcome> => ({ owner: ["owner"], other: ["other"], guest: ["guest"], anon: D, admin: ["admin"] });
const serverWritten: { table: string; kind: ServerKind; read: Record<Actor, Outcome>; insert: string; update: string }[] = [
  {
    // a batch answer refused at upload: its owner only
    table: "refused_answers",
    kind: "refused",
    read: ownRowOnly(),
    insert: "insert into public.refused_answers (session_id, user_id, reason) select session_id, user_id, 'x' from public.refused_answers",
    update: "update public.refused_answers set dismissed_at = now()",
  },
  {
    // anchor answers: their owner only (admins read no teacher's anchors)
    table: "session_anchors",
    kind: "anchor",
    read: ownRowOnly(),
    insert:
      "insert into public.session_anchors (session_id, user_id, content, total_score) select session_id, user_id, 'x', 1 from public.session_anchors",
    update: "update public.session_anchors set total_score = 0",
  },
  {
    // student links: their owner reads them (never the token's hash: see the next case)
    table: "report_shares",
    kind: "share",
    read: ownRowOnly(),
    insert:
      "insert into public.report_shares (submission_id, user_id, token_hash, expires_at) select submission_id, user_id, sha256('x'::bytea), now() from public.report_shares",
    update: "update public.report_shares set revoked_at = now()",
  },
  {
    // a review's change log: the answer's owner, and admins
    table: "result_edits",
    kind: "edit",
    read: { owner: ["owner"], other: ["other"], guest: ["guest"], anon: D, admin: ["admin", "guest", "other", "owner"] },
    insert: "insert into public.result_edits (result_id, field) select result_id, 'x' from public.result_edits",
    update: "update public.result_edits set field = 'x'",
  },
  {
    // AI calls and their cost: admins only
    table: "grading_usage",
    kind: "usage",
    read: { owner: [], other: [], guest: [], anon: D, admin: ["admin", "guest", "other", "owner"] },
    insert: "insert into public.grading_usage (mode, call_kind, model) values ('holistic', 'holistic', 'x')",
    update: "update public.grading_usage set latency_ms = 1",
  },
];
for (const t of serverWritten) {
  const ids = () => Object.values(fx[t.kind]);
  cases.push(
    {
      table: t.table,
      op: "select",
      what: `the four test ${t.table}`,
      run: async (tx) => seen(await tx.unsafe(`select id::text as id from public.${t.table} where id::text = any($1)`, [ids()])),
      expect: prefixed(t.kind, t.read),
    },
    { table: t.table, op: "insert", what: "a row", run: async (tx) => (await tx.unsafe(t.insert)).count, expect: all(D) },
    { table: t.table, op: "update", what: "every row it sees", run: async (tx) => (await tx.unsafe(t.update)).count, expect: all(D) },
    {
      table: t.table,
      op: "delete",
      what: "the owner's row",
      run: async (tx) => (await tx.unsafe(`delete from public.${t.table} where id::text = $1`, [fx[t.kind].owner])).count,
      expect: all(D),
    },
  );
}
cases.push({
  table: "report_shares",
  op: "select",
  what: "the token hash of one's own link",
  run: async (tx) => (await tx`select token_hash from public.report_shares where id = ${fx.share.owner}`).count,
  expect: all(D),
});

const describeOutcome = (o: Outcome) =>
  o === "denied" ? "is denied" : Array.isArray(o) ? `sees [${o.join(", ")}]` : `changes ${o} row(s)`;

describe("RLS matrix (owner / other member / guest / anon / admin)", () => {
  const rows = cases.flatMap((c) => ACTORS.map((actor) => ({ ...c, actor, expected: c.expect[actor] })));
  it.each(rows)("$table $op $what: $actor", async ({ run, actor, expected }) => {
    const outcome = await as(actor, (tx) => run(tx, actor));
    expect(outcome, describeOutcome(expected)).toEqual(expected);
  });

  it("knows every table in schema public: a new table without rows here fails", async () => {
    const tables = await sql`select tablename from pg_tables where schemaname = 'public' order by 1`;
    expect(tables.map((t) => t.tablename as string).sort()).toEqual([...BASE_TABLES, ...ORG_TABLES].sort());
  });

  it("covers every table in schema public created by the base schema", async () => {
    const covered = new Set(cases.map((c) => c.table));
    const base = BASE_TABLES;
    for (const t of base) {
      for (const op of ["select", "insert", "update", "delete"]) {
        expect(
          cases.some((c) => c.table === t && c.op === op),
          `${t} ${op}`,
        ).toBe(true);
      }
    }
    expect([...covered].sort()).toEqual([...base].sort());
  });
});

describe("row level security is on everywhere", () => {
  it("every table in schema public has relrowsecurity = true", async () => {
    const tables = await sql`
      select c.relname, c.relrowsecurity
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
       order by 1`;
    expect(tables.length).toBeGreaterThanOrEqual(14);
    expect(tables.filter((t) => !t.relrowsecurity).map((t) => t.relname)).toEqual([]);
  });

  it("no table in schema private (billing keys and accounts, notices, the mail outbox, counters) is open to anon or authenticated", async () => {
    const tables = await sql`select tablename from pg_tables where schemaname = 'private' order by 1`;
    expect(tables.map((t) => t.tablename)).toEqual(
      expect.arrayContaining(["billing_accounts", "billing_keys", "billing_notices", "mail_outbox"]),
    );
    const open = await sql`
      select t.tablename, r.role, p.privilege
        from pg_tables t
        cross join (values ('anon'), ('authenticated')) r (role)
        cross join (values ('select'), ('insert'), ('update'), ('delete')) p (privilege)
       where t.schemaname = 'private'
         and has_table_privilege(r.role, format('private.%I', t.tablename), p.privilege)`;
    expect(open).toEqual([]);
    // and even a grant by mistake would meet RLS with no policy
    const unprotected =
      await sql`select tablename from pg_tables where schemaname = 'private' and tablename like 'billing%' and not rowsecurity`;
    expect(unprotected).toEqual([]);
  });

  it("anon and authenticated hold no privileges on schema private's helpers that write data", async () => {
    const rows = await sql`
      select p.proname,
             has_function_privilege('authenticated', p.oid, 'execute') as auth_exec,
             has_function_privilege('anon', p.oid, 'execute') as anon_exec
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'private'
         and p.proname in ('handle_new_user', 'handle_user_updated', 'ensure_current_usage', 'guard_profile_columns',
                           'broadcast_submission_change', 'set_updated_at', 'is_admin', 'owns_session')`;
    const byName = Object.fromEntries(rows.map((r) => [r.proname, r]));
    for (const name of [
      "handle_new_user",
      "handle_user_updated",
      "ensure_current_usage",
      "guard_profile_columns",
      "broadcast_submission_change",
      "set_updated_at",
    ]) {
      expect(byName[name], name).toMatchObject({ auth_exec: false, anon_exec: false });
    }
    expect(byName.is_admin).toMatchObject({ auth_exec: true, anon_exec: false });
    expect(byName.owns_session).toMatchObject({ auth_exec: true, anon_exec: false });
  });
});

describe("a member cannot make themselves admin or change their plan/usage", () => {
  const member = async (fn: (tx: postgres.TransactionSql) => Promise<Outcome>) => as("owner", fn);

  it("rejects update profiles set is_admin = true", async () => {
    expect(await member(async (tx) => (await tx`update public.profiles set is_admin = true where id = ${uid.owner}`).count)).toBe(D);
  });

  it("rejects an update that mixes an allowed column with is_admin", async () => {
    expect(
      await member(
        async (tx) => (await tx`update public.profiles set display_name = '관리자', is_admin = true where id = ${uid.owner}`).count,
      ),
    ).toBe(D);
  });

  it("rejects changing username, is_guest or guest_usage_count", async () => {
    expect(await member(async (tx) => (await tx`update public.profiles set username = 'admin' where id = ${uid.owner}`).count)).toBe(D);
    expect(await as("guest", async (tx) => (await tx`update public.profiles set is_guest = false where id = ${uid.guest}`).count)).toBe(D);
    expect(
      await as("guest", async (tx) => (await tx`update public.profiles set guest_usage_count = 0 where id = ${uid.guest}`).count),
    ).toBe(D);
  });

  it("rejects inserting a second, admin profile or upserting one's own", async () => {
    expect(
      await member(
        async (tx) => (await tx`insert into public.profiles (id, username, is_admin) values (${randomUUID()}, 'sneaky', true)`).count,
      ),
    ).toBe(D);
    expect(
      await member(
        async (tx) =>
          (
            await tx`insert into public.profiles (id, username, is_admin) values (${uid.owner}, 'x', true)
                on conflict (id) do update set is_admin = true`
          ).count,
      ),
    ).toBe(D);
  });

  it("the guard trigger still blocks is_admin if a column grant were ever added by mistake", async () => {
    const outcome = await as(
      "owner",
      async (tx) => (await tx`update public.profiles set is_admin = true where id = ${uid.owner}`).count,
      (tx) => tx`grant update (is_admin) on public.profiles to authenticated`,
    );
    expect(outcome).toBe(D);
  });

  it("ignores is_admin in sign-up metadata", async () => {
    const id = await createAuthUser({ meta: { username: `matrix_sneaky_${suffix}`, is_admin: true, isAdmin: 1 } });
    try {
      const [p] = await sql`select is_admin from public.profiles where id = ${id}`;
      expect(p.is_admin).toBe(false);
    } finally {
      await sql`delete from auth.users where id = ${id}`;
    }
  });

  it("is still not an admin after all of the above", async () => {
    expect(await member(async (tx) => [String((await tx`select private.is_admin() as a`)[0].a)])).toEqual(["false"]);
    const [p] = await sql`select is_admin, username from public.profiles where id = ${uid.owner}`;
    expect(p).toEqual({ is_admin: false, username: `matrix_owner_${suffix}` });
  });

  it("rejects changing the own plan, status or usage count", async () => {
    expect(
      await member(async (tx) => (await tx`update public.subscriptions set plan_id = 'business' where user_id = ${uid.owner}`).count),
    ).toBe(D);
    expect(
      await member(async (tx) => (await tx`update public.subscriptions set status = 'active' where user_id = ${uid.owner}`).count),
    ).toBe(D);
    expect(
      await member(async (tx) => (await tx`update public.usage_tracking set essay_count = 0 where user_id = ${uid.owner}`).count),
    ).toBe(D);
    expect(await member(async (tx) => (await tx`delete from public.usage_tracking where user_id = ${uid.owner}`).count)).toBe(D);
    expect(
      await member(async (tx) => [String((await tx`select count(*)::int as n from private.ensure_current_usage(${uid.owner})`)[0].n)]),
    ).toBe(D);
    const [s] = await sql`select plan_id, status from public.subscriptions where user_id = ${uid.owner}`;
    expect(s).toEqual({ plan_id: "trial", status: "trial" });
  });
});

describe("storage.objects policies", () => {
  // Deletes go through the Storage API, which allows its own statements (storage.protect_delete).
  const asStorageApi = (tx: postgres.TransactionSql) => tx`select set_config('storage.allow_delete_query', 'true', true)`;
  const put = (bucket: string, name: string) => async (tx: postgres.TransactionSql) =>
    (await tx`insert into storage.objects (bucket_id, name, owner_id) values (${bucket}, ${name}, ${uid.owner})`).count;
  const readAll = (bucket: string, names: string[]) => async (tx: postgres.TransactionSql) =>
    (await tx`select name from storage.objects where bucket_id = ${bucket} and name in ${tx(names)}`).map((r) => r.name as string).sort();

  it("essays: nobody writes directly (the API uploads with the service role)", async () => {
    expect(await as("owner", put("essays", `${uid.owner}/a.txt`))).toBe(D);
    expect(await as("guest", put("essays", `${uid.guest}/a.txt`))).toBe(D);
    expect(await as("admin", put("essays", `${uid.admin}/a.txt`))).toBe(D);
    expect(await as("other", put("essays", `${uid.owner}/b.txt`))).toBe(D);
    expect(await as("owner", put("essays", `a.txt`))).toBe(D);
    expect(await as("anon", put("essays", `${uid.owner}/c.txt`))).toBe(D);
  });

  it("essays: owners and admins read; others and anon see nothing", async () => {
    const name = `${uid.owner}/read-${suffix}.txt`;
    const prepare = (tx: postgres.TransactionSql) => tx`insert into storage.objects (bucket_id, name) values ('essays', ${name})`;
    const expected: Record<Actor, string[]> = { owner: [name], admin: [name], other: [], guest: [], anon: [] };
    for (const actor of ACTORS) {
      expect(await as(actor, readAll("essays", [name]), prepare), actor).toEqual(expected[actor]);
    }
  });

  it("essays: only the owner deletes; nobody updates", async () => {
    const name = `${uid.owner}/del-${suffix}.txt`;
    const prepare = (tx: postgres.TransactionSql) => tx`insert into storage.objects (bucket_id, name) values ('essays', ${name})`;
    const del = async (tx: postgres.TransactionSql) => {
      await asStorageApi(tx);
      return (await tx`delete from storage.objects where bucket_id = 'essays' and name = ${name}`).count;
    };
    const upd = async (tx: postgres.TransactionSql) =>
      (await tx`update storage.objects set metadata = '{"size":1}' where bucket_id = 'essays' and name = ${name}`).count;
    expect(await as("owner", del, prepare)).toBe(1);
    expect(await as("other", del, prepare)).toBe(0);
    expect(await as("admin", del, prepare)).toBe(0);
    expect(await as("owner", upd, prepare)).toBe(0);
    expect(await as("other", upd, prepare)).toBe(0);
  });

  it("a direct SQL delete is refused, even the owner's: objects leave through the Storage API", async () => {
    const name = `${uid.owner}/direct-${suffix}.txt`;
    const prepare = (tx: postgres.TransactionSql) => tx`insert into storage.objects (bucket_id, name) values ('essays', ${name})`;
    const del = async (tx: postgres.TransactionSql) =>
      (await tx`delete from storage.objects where bucket_id = 'essays' and name = ${name}`).count;
    expect(await as("owner", del, prepare)).toBe(D);
    await expect(
      sql.begin(async (tx) => {
        await prepare(tx);
        await tx`delete from storage.objects where bucket_id = 'essays' and name = ${name}`;
      }),
    ).rejects.toMatchObject({ code: "42501" });
  });

  it("blog: no one but admins can list it (public URLs need no policy), only admins write", async () => {
    const name = `posts/${suffix}.png`;
    const prepare = (tx: postgres.TransactionSql) => tx`insert into storage.objects (bucket_id, name) values ('blog', ${name})`;
    const expected: Record<Actor, string[]> = { owner: [], admin: [name], other: [], guest: [], anon: [] };
    for (const actor of ACTORS) {
      expect(await as(actor, readAll("blog", [name]), prepare), actor).toEqual(expected[actor]);
    }
    expect(await as("admin", put("blog", `posts/new-${suffix}.png`))).toBe(1);
    expect(await as("owner", put("blog", `posts/new-${suffix}.png`))).toBe(D);
    expect(await as("anon", put("blog", `posts/new-${suffix}.png`))).toBe(D);
    const del = async (tx: postgres.TransactionSql) => {
      await asStorageApi(tx);
      return (await tx`delete from storage.objects where bucket_id = 'blog' and name = ${name}`).count;
    };
    expect(await as("admin", del, prepare)).toBe(1);
    expect(await as("owner", del, prepare)).toBe(0);
  });
});

describe("realtime.messages: session broadcasts", () => {
  const topicOf = (who: User) => `session:${fx.session[who]}`;
  const read = (topic: string) => async (tx: postgres.TransactionSql) => {
    await tx`select set_config('realtime.topic', ${topic}, true)`;
    return (await tx`select event from realtime.messages where topic = ${topic}`).map((r) => r.event as string).sort();
  };
  const change = (tx: postgres.TransactionSql) =>
    tx`update public.essay_submissions set progress = 42, progress_message = '분석 중' where id = ${fx.submission.owner}`;

  it("the submission trigger broadcasts UPDATE on session:<id> and only the owner may read it", async () => {
    expect(await as("owner", read(topicOf("owner")), change)).toContain("UPDATE");
    expect(await as("other", read(topicOf("owner")), change)).toEqual([]);
    expect(await as("guest", read(topicOf("owner")), change)).toEqual([]);
    expect(await as("admin", read(topicOf("owner")), change)).toEqual([]);
    expect(await as("anon", read(topicOf("owner")), change)).toEqual([]);
  });

  it("a delete by the owner (as authenticated) is broadcast too", async () => {
    const outcome = await as("owner", async (tx) => {
      await tx`delete from public.essay_submissions where id = ${fx.submission.owner}`;
      return read(topicOf("owner"))(tx);
    });
    expect(outcome).toContain("DELETE");
  });

  it("the payload carries the new record", async () => {
    const outcome = await as(
      "owner",
      async (tx) => {
        await tx`select set_config('realtime.topic', ${topicOf("owner")}, true)`;
        const rows = await tx`select payload from realtime.messages
                            where topic = ${topicOf("owner")} and event = 'UPDATE' order by inserted_at desc limit 1`;
        const p = rows[0]?.payload as { record?: { progress?: number }; operation?: string; table?: string } | undefined;
        return [String(p?.record?.progress), String(p?.operation), String(p?.table)];
      },
      change,
    );
    expect(outcome).toEqual(["42", "UPDATE", "essay_submissions"]);
  });
});

describe("classes and students: links stay within one owner", () => {
  const refusedByTrigger = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      return "allowed";
    } catch (err) {
      return (err as { code?: string }).code;
    }
  };

  it("an answer cannot be linked to another teacher's student, even by its owner", async () => {
    const outcome = await as("owner", async (tx) => {
      const code = await refusedByTrigger(
        () => tx`update public.essay_submissions set roster_student_id = ${fx.student.other} where id = ${fx.submission.owner}`,
      );
      return [String(code)];
    });
    expect(outcome).toEqual(["23514"]);
    const own = await as(
      "owner",
      async (tx) =>
        (await tx`update public.essay_submissions set roster_student_id = ${fx.student.owner} where id = ${fx.submission.owner}`).count,
    );
    expect(own).toBe(1);
    const foreign = await as(
      "other",
      async (tx) =>
        (await tx`update public.essay_submissions set roster_student_id = ${fx.student.other} where id = ${fx.submission.owner}`).count,
    );
    expect(foreign).toBe(0);
  });

  it("a session cannot belong to another teacher's class (the service connection included)", async () => {
    const code = await refusedByTrigger(() =>
      sql.begin(async (tx) => {
        await tx`update public.analysis_sessions set class_id = ${fx.class.other} where id = ${fx.session.owner}`;
        throw Object.assign(new Error("rolled back"), { code: "allowed" });
      }),
    );
    expect(code).toBe("23514");
  });

  it("withdrawal removes the member's classes, students and enrolments; their sessions' links go", async () => {
    const gone = await createAuthUser({ meta: { username: `matrix_gone_${suffix}` } });
    const [c] = await sql`insert into public.classes (user_id, name) values (${gone}, '탈퇴 반') returning id`;
    const [st] = await sql`insert into public.students (user_id, exam_number, name) values (${gone}, '1', '학생') returning id`;
    await sql`insert into public.class_students (class_id, student_id) values (${c.id}, ${st.id})`;
    await sql`delete from auth.users where id = ${gone}`;
    expect(await sql`select 1 from public.classes where user_id = ${gone}`).toHaveLength(0);
    expect(await sql`select 1 from public.students where user_id = ${gone}`).toHaveLength(0);
    expect(await sql`select 1 from public.class_students where class_id = ${c.id}`).toHaveLength(0);
  });
});
