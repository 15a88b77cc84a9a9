// RLS of an organisation's shared work over SQL as PostgREST runs it (`set local role` + JWT claims):
// classes, students, class_teachers, assignments (analysis_sessions) with their answers and results,
// intake links and drafts × {owner, manager, teacher, a member of another organisation, a member
// without one, a guest, anon} × select / insert / update / delete. The organisation's rows are made
// by `maker` (a teacher); `teacher` is assigned to class A only.
import { randomBytes, randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readStack } from "../helpers/stack.ts";
import { rolledBackAs } from "../helpers/grading.ts";

const sql = postgres(readStack().dbUrl, { max: 4, onnotice: () => {} });

type Actor = "owner" | "manager" | "teacher" | "outsider" | "loner" | "guest" | "anon";
const ACTORS: Actor[] = ["owner", "manager", "teacher", "outsider", "loner", "guest", "anon"];
type Outcome = string[] | number | "denied" | "refused";

const suffix = randomUUID().slice(0, 8);
const uid: Record<string, string> = {};
const fx: Record<string, string> = {};
const labels = new Map<string, string>();
let org = "";
let otherOrg = "";

async function authUser(name: string, anonymous = false): Promise<string> {
  const id = randomUUID();
  await sql`
    insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at)
    values (${id}, 'authenticated', 'authenticated', ${anonymous ? null : `share-${name}-${suffix}@example.com`},
            ${sql.json(anonymous ? {} : { provider: "email", providers: ["email"] })},
            ${sql.json(anonymous ? {} : { username: `share_${name}_${suffix}` })}, ${anonymous}, now(), now())`;
  return id;
}

const claimsFor = (actor: Actor) =>
  actor === "anon"
    ? { role: "anon" }
    : { sub: uid[actor], role: "authenticated", aud: "authenticated", is_anonymous: actor === "guest", session_id: randomUUID() };

/** Runs fn as the actor in a transaction always rolled back; a check violation (23514) is "refused". */
async function as(actor: Actor, fn: (tx: postgres.TransactionSql) => Promise<Outcome>): Promise<Outcome> {
  try {
    return await rolledBackAs(claimsFor(actor), fn, { sql });
  } catch (err) {
    if ((err as { code?: string }).code === "23514") return "refused";
    throw err;
  }
}

const seen = (rows: readonly { id?: unknown }[]) => rows.map((r) => labels.get(String(r.id)) ?? String(r.id)).sort();

/** The outcome per actor of one operation. */
async function matrix(fn: (tx: postgres.TransactionSql, actor: Actor) => Promise<Outcome>) {
  const out = {} as Record<Actor, Outcome>;
  for (const a of ACTORS) out[a] = await as(a, (tx) => fn(tx, a));
  return out;
}

beforeAll(async () => {
  for (const who of ["owner", "manager", "teacher", "maker", "outsider", "loner"]) uid[who] = await authUser(who);
  uid.guest = await authUser("guest", true);
  [{ id: org }] = await sql`insert into public.organisations (name, created_by) values ('공유 학원', ${uid.owner}) returning id`;
  [{ id: otherOrg }] = await sql`insert into public.organisations (name, created_by) values ('다른 학원', ${uid.outsider}) returning id`;
  // the owner's plan gives the organisation its seats (business: 10)
  await sql`update public.subscriptions set plan_id = 'business', status = 'active' where user_id = ${uid.owner}`;
  await sql`
    insert into public.org_members (org_id, user_id, role)
    values (${org}, ${uid.owner}, 'owner'), (${org}, ${uid.manager}, 'manager'), (${org}, ${uid.teacher}, 'teacher'),
           (${org}, ${uid.maker}, 'teacher'), (${otherOrg}, ${uid.outsider}, 'owner')`;

  for (const k of ["A", "B"]) {
    const [c] = await sql`insert into public.classes (user_id, org_id, name) values (${uid.maker}, ${org}, ${`${k}반`}) returning id`;
    const [st] = await sql`
      insert into public.students (user_id, org_id, exam_number, name) values (${uid.maker}, ${org}, ${`100${k}`}, '김민수') returning id`;
    await sql`insert into public.class_students (class_id, student_id) values (${c.id}, ${st.id})`;
    const [s] = await sql`
      insert into public.analysis_sessions (user_id, org_id, class_id, prompt_content)
      values (${uid.maker}, ${org}, ${c.id}, '문제') returning id`;
    const [e] = await sql`
      insert into public.essay_submissions (session_id, user_id, student_name, essay_content, roster_student_id)
      values (${s.id}, ${uid.maker}, '김민수', '답안', ${st.id}) returning id`;
    const [r] = await sql`insert into public.analysis_results (submission_id, overall_score) values (${e.id}, 80) returning id`;
    const [il] = await sql`
      insert into public.intake_links (session_id, user_id, token_hash, deadline)
      values (${s.id}, ${uid.maker}, ${randomBytes(32)}, now() + interval '1 day') returning id`;
    await sql`
      insert into public.essay_drafts (submission_id, intake_id, session_id, student_id, user_id, draft_number)
      values (${e.id}, ${il.id}, ${s.id}, ${st.id}, ${uid.maker}, 1)`;
    Object.assign(fx, { [`class${k}`]: c.id, [`student${k}`]: st.id, [`session${k}`]: s.id, [`sub${k}`]: e.id, [`intake${k}`]: il.id });
    for (const [id, label] of [
      [c.id, `class${k}`],
      [st.id, `student${k}`],
      [s.id, `session${k}`],
      [e.id, `sub${k}`],
      [r.id, `result${k}`],
      [il.id, `intake${k}`],
    ]) {
      labels.set(id, label);
    }
  }
  await sql`insert into public.class_teachers (class_id, user_id) values (${fx.classA}, ${uid.teacher})`;
  // The teacher's personal class: theirs alone, whatever their organisation.
  const [p] = await sql`insert into public.classes (user_id, name) values (${uid.teacher}, '개인 반') returning id`;
  fx.personal = p.id;
  labels.set(p.id, "personal");
  const [o] = await sql`insert into public.classes (user_id, org_id, name) values (${uid.outsider}, ${otherOrg}, '남의 반') returning id`;
  fx.otherClass = o.id;
  labels.set(o.id, "otherClass");
});

afterAll(async () => {
  await sql`delete from public.organisations where id in (${org}, ${otherOrg})`;
  await sql`delete from auth.users where id = any(${Object.values(uid)}::uuid[])`;
  await sql.end({ timeout: 5 });
});

const ALL_ORG = ["classA", "classB"];
const NOBODY = { outsider: [], loner: [], guest: [], anon: "denied" };

describe("select", () => {
  it("classes: owner and manager see all the organisation's, a teacher the assigned one (and their own personal)", async () => {
    const out = await matrix(async (tx) => seen(await tx`select id from public.classes where id = any(${Object.values(fx)}::uuid[])`));
    expect(out).toEqual({ owner: ALL_ORG, manager: ALL_ORG, teacher: ["classA", "personal"], ...NOBODY, outsider: ["otherClass"] });
  });

  it("students: of the classes one can access", async () => {
    const out = await matrix(async (tx) => seen(await tx`select id from public.students where org_id = ${org}`));
    expect(out).toEqual({ owner: ["studentA", "studentB"], manager: ["studentA", "studentB"], teacher: ["studentA"], ...NOBODY });
  });

  it("class_teachers: read by whoever can access the class", async () => {
    const out = await matrix(async (tx) =>
      (await tx`select class_id from public.class_teachers where user_id = ${uid.teacher}`).map((r) => labels.get(r.class_id)!),
    );
    expect(out).toEqual({ owner: ["classA"], manager: ["classA"], teacher: ["classA"], ...NOBODY });
  });

  it("assignments, answers, results, intake links and drafts: the organisation's owner and manager all, a teacher their class's", async () => {
    const both = ["resultA", "resultB", "sessionA", "sessionB", "subA", "subB"];
    const out = await matrix(async (tx) => {
      const s = await tx`select id from public.analysis_sessions where org_id = ${org}`;
      const e = await tx`select id from public.essay_submissions where session_id = any(${[fx.sessionA, fx.sessionB]}::uuid[])`;
      const r = await tx`select r.id from public.analysis_results r where r.submission_id = any(${[fx.subA, fx.subB]}::uuid[])`;
      return seen([...s, ...e, ...r]);
    });
    expect(out).toEqual({ owner: both, manager: both, teacher: ["resultA", "sessionA", "subA"], ...NOBODY });
    const intake = await matrix(async (tx) => {
      const l = await tx`select id from public.intake_links where session_id = any(${[fx.sessionA, fx.sessionB]}::uuid[])`;
      const d = await tx`select intake_id as id from public.essay_drafts where session_id = any(${[fx.sessionA, fx.sessionB]}::uuid[])`;
      return seen([...l, ...d]);
    });
    const links = ["intakeA", "intakeA", "intakeB", "intakeB"];
    expect(intake).toEqual({ owner: links, manager: links, teacher: ["intakeA", "intakeA"], ...NOBODY });
  });
});

describe("insert", () => {
  it("a class or student in the organisation's space: its members only", async () => {
    const out = await matrix(async (tx) => {
      await tx`insert into public.classes (id, name, org_id) values (${randomUUID()}, '새 반', ${org})`;
      await tx`insert into public.students (id, exam_number, name, org_id) values (${randomUUID()}, '9999', '새 학생', ${org})`;
      return 1;
    });
    expect(out).toEqual({ owner: 1, manager: 1, teacher: 1, outsider: "denied", loner: "denied", guest: "denied", anon: "denied" });
  });

  it("class_teachers and assignments: nobody (the API writes them)", async () => {
    const teachers = await matrix(async (tx) => {
      await tx`insert into public.class_teachers (class_id, user_id) values (${fx.classB}, ${uid.teacher})`;
      return 1;
    });
    const sessions = await matrix(async (tx) => {
      await tx`insert into public.analysis_sessions (user_id, org_id, prompt_content) values (${uid.owner}, ${org}, '문제')`;
      return 1;
    });
    const denied = Object.fromEntries(ACTORS.map((a) => [a, "denied"]));
    expect(teachers).toEqual(denied);
    expect(sessions).toEqual(denied);
  });

  it("enrolments stay within one organisation", async () => {
    const out = await as("outsider", async (tx) => {
      await tx`insert into public.class_students (class_id, student_id) values (${fx.otherClass}, ${fx.studentA})`;
      return 1;
    });
    // The link trigger runs before the policy's check: refused either way.
    expect(out).toBe("refused");
    // Even the service connection cannot link another organisation's student (the trigger).
    await expect(
      sql`insert into public.class_students (class_id, student_id) values (${fx.otherClass}, ${fx.studentA})`,
    ).rejects.toMatchObject({
      code: "23514",
    });
    await expect(sql`insert into public.class_teachers (class_id, user_id) values (${fx.classA}, ${uid.outsider})`).rejects.toMatchObject({
      code: "23514",
    });
  });
});

describe("update and delete", () => {
  it("classes: changed by whoever can access them; deleted by the owner, a manager or their maker", async () => {
    const rename = await matrix(
      async (tx) => (await tx`update public.classes set name = '새 이름' where id = any(${ALL_ORG.map((k) => fx[k])}::uuid[])`).count,
    );
    expect(rename).toEqual({ owner: 2, manager: 2, teacher: 1, outsider: 0, loner: 0, guest: 0, anon: "denied" });
    const del = await matrix(
      async (tx) => (await tx`delete from public.classes where id = any(${ALL_ORG.map((k) => fx[k])}::uuid[])`).count,
    );
    expect(del).toEqual({ owner: 2, manager: 2, teacher: 0, outsider: 0, loner: 0, guest: 0, anon: "denied" });
  });

  it("students: the same rule", async () => {
    const rename = await matrix(async (tx) => (await tx`update public.students set name = '새 이름' where org_id = ${org}`).count);
    expect(rename).toEqual({ owner: 2, manager: 2, teacher: 1, outsider: 0, loner: 0, guest: 0, anon: "denied" });
    const del = await matrix(async (tx) => (await tx`delete from public.students where org_id = ${org}`).count);
    expect(del).toEqual({ owner: 2, manager: 2, teacher: 0, outsider: 0, loner: 0, guest: 0, anon: "denied" });
  });

  it("class_teachers: nobody; a colleague's assignment: read only (deleted by its maker alone)", async () => {
    const upd = await matrix(
      async (tx) => (await tx`update public.class_teachers set created_at = now() where class_id = ${fx.classA}`).count,
    );
    const del = await matrix(async (tx) => (await tx`delete from public.class_teachers where class_id = ${fx.classA}`).count);
    const denied = Object.fromEntries(ACTORS.map((a) => [a, "denied"]));
    expect(upd).toEqual(denied);
    expect(del).toEqual(denied);
    const sessions = await matrix(async (tx) => (await tx`delete from public.analysis_sessions where org_id = ${org}`).count);
    expect(sessions).toEqual({ owner: 0, manager: 0, teacher: 0, outsider: 0, loner: 0, guest: 0, anon: "denied" });
  });
});

describe("an organisation deleted", () => {
  it("leaves its classes, students and assignments to whoever holds them, as personal rows", async () => {
    const kept = await sql
      .begin(async (tx) => {
        await tx`delete from public.organisations where id = ${org}`;
        const rows = await tx`
          select (select count(*) from public.classes where id in (${fx.classA}, ${fx.classB}) and org_id is null)::int as classes,
                 (select count(*) from public.students where id in (${fx.studentA}, ${fx.studentB}) and org_id is null)::int as students,
                 (select count(*) from public.analysis_sessions where id in (${fx.sessionA}, ${fx.sessionB}) and org_id is null)::int as sessions`;
        throw Object.assign(new Error("rollback"), { rows });
      })
      .catch((err: { rows?: unknown[] }) => err.rows?.[0]);
    expect(kept).toEqual({ classes: 2, students: 2, sessions: 2 });
  });
});
