// RLS of the rubric library and the comment bank (rubrics, comment_bank) for every organisation actor:
// the owner, a manager and a teacher of one organisation, a member of another organisation, a member
// without one, a guest and anon × select / insert / update / delete, run as SQL with `set local role` +
// `request.jwt.claims` exactly as PostgREST and the API's asCaller do; plus the rules the database keeps
// whatever writes the row (guests, the per-author bound, withdrawal).
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readStack } from "../helpers/stack.ts";
import { rolledBackAs } from "../helpers/grading.ts";

const stack = readStack();
const sql = postgres(stack.dbUrl, { max: 4, onnotice: () => {} });

const ACTORS = ["owner", "manager", "teacher", "otherOrg", "noOrg", "guest", "anon"] as const;
type Actor = (typeof ACTORS)[number];
type User = Exclude<Actor, "anon">;
const USERS = ACTORS.filter((a): a is User => a !== "anon");
type Outcome = string[] | number | "denied";
const D = "denied" as const;

const uid = {} as Record<User, string>;
const org = { a: "", b: "" };
/** Fixture rows of one table, by label: `mine:<user>` (personal) and `org:<author>` (an organisation's). */
const rows = { rubrics: {} as Record<string, string>, comment_bank: {} as Record<string, string> };
const CRITERIA = [
  { name: "논리 구조", maxScore: 50, description: "주장과 근거의 짜임" },
  { name: "표현", maxScore: 50 },
];

function claimsFor(actor: Actor) {
  if (actor === "anon") return { role: "anon", iss: "supabase-demo" };
  return { sub: uid[actor], role: "authenticated", aud: "authenticated", is_anonymous: actor === "guest", session_id: randomUUID() };
}

const as = (actor: Actor, fn: (tx: postgres.TransactionSql) => Promise<Outcome>) => rolledBackAs(claimsFor(actor), fn, { sql });

async function createAuthUser(anonymous = false) {
  const id = randomUUID();
  await sql`
    insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at)
    values (${id}, 'authenticated', 'authenticated', ${anonymous ? null : `library-${id.slice(0, 8)}@example.com`},
            ${sql.json(anonymous ? {} : { provider: "email", providers: ["email"] })}, '{}', ${anonymous}, now(), now())`;
  return id;
}

async function fixture(table: "rubrics" | "comment_bank", label: string, userId: string, orgId: string | null) {
  const [r] =
    table === "rubrics"
      ? await sql`insert into public.rubrics (user_id, org_id, name, criteria)
                  values (${userId}, ${orgId}, ${`기준 ${label}`}, ${sql.json(CRITERIA)}) returning id`
      : await sql`insert into public.comment_bank (user_id, org_id, text)
                  values (${userId}, ${orgId}, ${`근거를 더 구체적으로 쓰세요 (${label})`}) returning id`;
  rows[table][label] = r.id;
}

beforeAll(async () => {
  for (const who of USERS) uid[who] = await createAuthUser(who === "guest");
  [{ id: org.a }] = await sql`insert into public.organisations (name, created_by) values ('보관함 학원', ${uid.owner}) returning id`;
  [{ id: org.b }] = await sql`insert into public.organisations (name, created_by) values ('다른 학원', ${uid.otherOrg}) returning id`;
  // the owners' plan gives an organisation its seats (business: 10)
  await sql`update public.subscriptions set plan_id = 'business', status = 'active' where user_id in ${sql([uid.owner, uid.otherOrg])}`;
  await sql`insert into public.org_members (org_id, user_id, role) values
              (${org.a}, ${uid.owner}, 'owner'), (${org.a}, ${uid.manager}, 'manager'), (${org.a}, ${uid.teacher}, 'teacher'),
              (${org.b}, ${uid.otherOrg}, 'owner')`;
  for (const table of ["rubrics", "comment_bank"] as const) {
    for (const who of ["owner", "manager", "teacher", "otherOrg", "noOrg"] as const) await fixture(table, `mine:${who}`, uid[who], null);
    await fixture(table, "org:manager", uid.manager, org.a);
    // a teacher's rubric in the organisation: written by the service (e.g. made while a manager)
    await fixture(table, "org:teacher", uid.teacher, org.a);
    await fixture(table, "orgB:otherOrg", uid.otherOrg, org.b);
  }
});

afterAll(async () => {
  // the organisations first: an owner's membership cannot go while other members remain
  await sql`delete from public.organisations where id in ${sql([org.a, org.b])}`;
  await sql`delete from auth.users where id in ${sql(Object.values(uid))}`;
  await sql.end();
});

type Table = keyof typeof rows;
const labelOf = (table: Table, id: string) => Object.entries(rows[table]).find(([, v]) => v === id)?.[0] ?? id;
const seenIn = async (tx: postgres.TransactionSql, table: Table) =>
  (await tx`select id from ${tx(`public.${table}`)} where id in ${tx(Object.values(rows[table]))}`).map((r) => labelOf(table, r.id)).sort();

const ORG_A = ["org:manager", "org:teacher"];
const expectSeen: Record<Actor, Outcome> = {
  owner: ["mine:owner", ...ORG_A].sort(),
  manager: ["mine:manager", ...ORG_A].sort(),
  teacher: ["mine:teacher", ...ORG_A].sort(),
  otherOrg: ["mine:otherOrg", "orgB:otherOrg"].sort(),
  noOrg: ["mine:noOrg"],
  guest: [],
  anon: D,
};

interface Case {
  what: string;
  run: (tx: postgres.TransactionSql) => Promise<Outcome>;
  expect: Record<Actor, Outcome>;
}

const byActor = (o: Partial<Record<Actor, Outcome>>, rest: Outcome): Record<Actor, Outcome> =>
  Object.fromEntries(ACTORS.map((a) => [a, a in o ? o[a] : rest])) as Record<Actor, Outcome>;

const insertRubric = (orgId: () => string | null) => async (tx: postgres.TransactionSql) =>
  (await tx`insert into public.rubrics (org_id, name, criteria) values (${orgId()}, '새 기준', ${tx.json(CRITERIA)})`).count;
const insertComment = (orgId: () => string | null) => async (tx: postgres.TransactionSql) =>
  (await tx`insert into public.comment_bank (org_id, text) values (${orgId()}, '새 코멘트')`).count;

const rubricCases: Case[] = [
  { what: "select: the fixture rubrics seen", run: (tx) => seenIn(tx, "rubrics"), expect: expectSeen },
  {
    what: "insert: a personal rubric (guests refused)",
    run: insertRubric(() => null),
    expect: byActor({ guest: D, anon: D }, 1),
  },
  {
    what: "insert: a rubric into organisation A (owner and manager only)",
    run: insertRubric(() => org.a),
    expect: byActor({ owner: 1, manager: 1 }, D),
  },
  {
    what: "insert: naming another author",
    run: async (tx) =>
      (await tx`insert into public.rubrics (user_id, name, criteria) values (${uid.owner}, '남의 기준', ${tx.json(CRITERIA)})`).count,
    expect: byActor({}, D),
  },
  {
    what: "update: the owner's personal rubric",
    run: async (tx) => (await tx`update public.rubrics set name = '고친 기준' where id = ${rows.rubrics["mine:owner"]}`).count,
    expect: byActor({ owner: 1, anon: D }, 0),
  },
  {
    what: "update: the manager's rubric in organisation A",
    run: async (tx) => (await tx`update public.rubrics set description = '설명' where id = ${rows.rubrics["org:manager"]}`).count,
    expect: byActor({ owner: 1, manager: 1, anon: D }, 0),
  },
  {
    what: "update: the teacher's rubric in organisation A (its author may)",
    run: async (tx) =>
      (
        await tx`update public.rubrics set criteria = ${tx.json([{ name: "종합", maxScore: 10 }])} where id = ${rows.rubrics["org:teacher"]}`
      ).count,
    expect: byActor({ owner: 1, manager: 1, teacher: 1, anon: D }, 0),
  },
  {
    what: "update: moving a rubric to another space or author",
    run: async (tx) => (await tx`update public.rubrics set org_id = null where id = ${rows.rubrics["org:manager"]}`).count,
    expect: byActor({}, D),
  },
  {
    what: "delete: the owner's personal rubric",
    run: async (tx) => (await tx`delete from public.rubrics where id = ${rows.rubrics["mine:owner"]}`).count,
    expect: byActor({ owner: 1, anon: D }, 0),
  },
  {
    what: "delete: the manager's rubric in organisation A",
    run: async (tx) => (await tx`delete from public.rubrics where id = ${rows.rubrics["org:manager"]}`).count,
    expect: byActor({ owner: 1, manager: 1, anon: D }, 0),
  },
  {
    what: "delete: the teacher's rubric in organisation A",
    run: async (tx) => (await tx`delete from public.rubrics where id = ${rows.rubrics["org:teacher"]}`).count,
    expect: byActor({ owner: 1, manager: 1, teacher: 1, anon: D }, 0),
  },
];

const commentCases: Case[] = [
  { what: "select: the fixture comments seen", run: (tx) => seenIn(tx, "comment_bank"), expect: expectSeen },
  { what: "insert: a personal comment (guests refused)", run: insertComment(() => null), expect: byActor({ guest: D, anon: D }, 1) },
  {
    what: "insert: a comment shared with organisation A (any member)",
    run: insertComment(() => org.a),
    expect: byActor({ owner: 1, manager: 1, teacher: 1 }, D),
  },
  {
    what: "insert: naming another author",
    run: async (tx) => (await tx`insert into public.comment_bank (user_id, text) values (${uid.owner}, '남의 코멘트')`).count,
    expect: byActor({}, D),
  },
  {
    what: "update: a saved comment is never rewritten",
    run: async (tx) => (await tx`update public.comment_bank set text = '고친 코멘트' where id = ${rows.comment_bank["mine:owner"]}`).count,
    expect: byActor({}, D),
  },
  {
    what: "delete: the owner's personal comment",
    run: async (tx) => (await tx`delete from public.comment_bank where id = ${rows.comment_bank["mine:owner"]}`).count,
    expect: byActor({ owner: 1, anon: D }, 0),
  },
  {
    what: "delete: the manager's comment in organisation A",
    run: async (tx) => (await tx`delete from public.comment_bank where id = ${rows.comment_bank["org:manager"]}`).count,
    expect: byActor({ owner: 1, manager: 1, anon: D }, 0),
  },
  {
    what: "delete: the teacher's comment in organisation A",
    run: async (tx) => (await tx`delete from public.comment_bank where id = ${rows.comment_bank["org:teacher"]}`).count,
    expect: byActor({ owner: 1, manager: 1, teacher: 1, anon: D }, 0),
  },
];

describe.each([
  ["rubrics", rubricCases],
  ["comment_bank", commentCases],
] as const)("%s", (_table, cases) => {
  it.each(cases.map((c) => [c.what, c] as const))("%s", async (_what, c) => {
    const got = {} as Record<Actor, Outcome>;
    for (const actor of ACTORS) got[actor] = await as(actor, c.run);
    expect(got).toEqual(c.expect);
  });
});

describe("rules kept whatever writes the row", () => {
  it("a guest saves nothing, even through the service connection", async () => {
    await expect(
      sql`insert into public.rubrics (user_id, name, criteria) values (${uid.guest}, '손님', ${sql.json(CRITERIA)})`,
    ).rejects.toMatchObject({ code: "42501" });
    await expect(sql`insert into public.comment_bank (user_id, text) values (${uid.guest}, '손님')`).rejects.toMatchObject({
      code: "42501",
    });
  });

  it("criteria are checked as a session's rubric is (private.rubric_is_valid)", async () => {
    for (const bad of [
      [],
      [{ name: "논리", maxScore: 0 }],
      [
        { name: "논리", maxScore: 10 },
        { name: "논리", maxScore: 10 },
      ],
      [{ name: "논리" }],
    ]) {
      await expect(
        sql`insert into public.rubrics (user_id, name, criteria) values (${uid.noOrg}, '틀린 기준', ${sql.json(bad)})`,
        JSON.stringify(bad),
      ).rejects.toMatchObject({ code: "23514" });
    }
  });

  it("one author keeps at most 200 rubrics and 1,000 comments (SQLSTATE 54000)", async () => {
    const author = await createAuthUser();
    try {
      await sql`insert into public.rubrics (user_id, name, criteria)
                select ${author}, '기준 ' || g, ${sql.json(CRITERIA)} from generate_series(1, 200) g`;
      await expect(
        sql`insert into public.rubrics (user_id, name, criteria) values (${author}, '하나 더', ${sql.json(CRITERIA)})`,
      ).rejects.toMatchObject({ code: "54000" });
      await sql`insert into public.comment_bank (user_id, text) select ${author}, '코멘트 ' || g from generate_series(1, 1000) g`;
      await expect(sql`insert into public.comment_bank (user_id, text) values (${author}, '하나 더')`).rejects.toMatchObject({
        code: "54000",
      });
    } finally {
      await sql`delete from auth.users where id = ${author}`;
    }
  });

  it("a withdrawn author's personal rows go; the organisation's stay with no author", async () => {
    const author = await createAuthUser();
    await sql`insert into public.org_members (org_id, user_id, role) values (${org.b}, ${author}, 'manager')`;
    const [mine] =
      await sql`insert into public.rubrics (user_id, name, criteria) values (${author}, '개인', ${sql.json(CRITERIA)}) returning id`;
    const [shared] = await sql`insert into public.rubrics (user_id, org_id, name, criteria)
                               values (${author}, ${org.b}, '공유', ${sql.json(CRITERIA)}) returning id`;
    const [note] = await sql`insert into public.comment_bank (user_id, text) values (${author}, '개인 코멘트') returning id`;
    await sql`delete from auth.users where id = ${author}`;
    expect(await sql`select id from public.rubrics where id in ${sql([mine.id, shared.id])}`).toEqual([{ id: shared.id }]);
    expect((await sql`select user_id from public.rubrics where id = ${shared.id}`)[0].user_id).toBeNull();
    expect(await sql`select id from public.comment_bank where id = ${note.id}`).toEqual([]);
  });
});
