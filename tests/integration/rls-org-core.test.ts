// RLS of the organisation tables (organisations, org_members, org_invitations) for every actor: the owner, a
// manager and a teacher of one organisation, a member of another organisation, a member without one, a guest
// (anonymous sign-in) and anon; select, insert, update and delete, run as SQL with `set local role` and
// `request.jwt.claims` as PostgREST does. Members read their organisation and its members; owners and
// managers read its invitations (never the token's hash); only the service connection writes.
import { randomUUID } from "node:crypto";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticatedClaims, rolledBackAs } from "../helpers/grading.ts";
import { closeTestSql, createGuest, createMember, setPlan, testSql } from "../helpers/users.ts";

type Actor = "owner" | "manager" | "teacher" | "otherOrg" | "loner" | "guest" | "anon";
const ACTORS: Actor[] = ["owner", "manager", "teacher", "otherOrg", "loner", "guest", "anon"];
type Outcome = string[] | number | "denied";

const uid = {} as Record<Exclude<Actor, "anon">, string>;
const fx = { orgA: "", orgB: "", invA: "", invB: "" };
const labels = new Map<string, string>();

function claims(actor: Actor) {
  if (actor === "anon") return { role: "anon" };
  return authenticatedClaims(uid[actor], { is_anonymous: actor === "guest", session_id: randomUUID() });
}

const as = (actor: Actor, fn: (tx: postgres.TransactionSql) => Promise<Outcome>) => rolledBackAs(claims(actor), fn);

const seen = (rows: readonly { id: string }[]) => rows.map((r) => labels.get(r.id) ?? r.id).sort();

beforeAll(async () => {
  const [owner, manager, teacher, otherOrg, loner] = await Promise.all(Array.from({ length: 5 }, () => createMember()));
  const guest = await createGuest();
  Object.assign(uid, {
    owner: owner.user.id,
    manager: manager.user.id,
    teacher: teacher.user.id,
    otherOrg: otherOrg.user.id,
    loner: loner.user.id,
    guest: guest.user.id,
  });
  await setPlan(owner, "business");
  const sql = testSql();
  [{ id: fx.orgA }] = await sql`insert into public.organisations (name, created_by) values ('가 학원', ${uid.owner}) returning id`;
  [{ id: fx.orgB }] = await sql`insert into public.organisations (name, created_by) values ('나 학원', ${uid.otherOrg}) returning id`;
  await sql`insert into public.org_members (org_id, user_id, role) values (${fx.orgA}, ${uid.owner}, 'owner')`;
  await sql`insert into public.org_members (org_id, user_id, role) values (${fx.orgA}, ${uid.manager}, 'manager'), (${fx.orgA}, ${uid.teacher}, 'teacher')`;
  await sql`insert into public.org_members (org_id, user_id, role) values (${fx.orgB}, ${uid.otherOrg}, 'owner')`;
  const invite = async (org: string, by: string) =>
    (
      await sql`
        insert into public.org_invitations (org_id, role, token_hash, invited_by, expires_at)
        values (${org}, 'teacher', ${randomUUID().replace(/-/g, "").repeat(2)}, ${by}, now() + interval '7 days') returning id`
    )[0].id as string;
  fx.invA = await invite(fx.orgA, uid.owner);
  fx.invB = await invite(fx.orgB, uid.otherOrg);
  labels.set(fx.orgA, "orgA").set(fx.orgB, "orgB").set(fx.invA, "invA").set(fx.invB, "invB");
  for (const [actor, id] of Object.entries(uid)) labels.set(id, actor);
});

afterAll(async () => {
  await testSql()`delete from public.organisations where id in (${fx.orgA}, ${fx.orgB})`;
  await closeTestSql();
});

const members = (tx: postgres.TransactionSql) =>
  tx<{ id: string }[]>`select user_id as id from public.org_members where org_id in (${fx.orgA}, ${fx.orgB})`;

const expectations: Record<string, { run: (tx: postgres.TransactionSql) => Promise<Outcome>; want: Record<Actor, Outcome> }> = {
  "organisations select": {
    run: async (tx) => seen(await tx`select id from public.organisations where id in (${fx.orgA}, ${fx.orgB})`),
    want: { owner: ["orgA"], manager: ["orgA"], teacher: ["orgA"], otherOrg: ["orgB"], loner: [], guest: [], anon: "denied" },
  },
  "organisations insert": {
    run: async (tx) => (await tx`insert into public.organisations (name) values ('새 학원')`).count,
    want: { owner: "denied", manager: "denied", teacher: "denied", otherOrg: "denied", loner: "denied", guest: "denied", anon: "denied" },
  },
  "organisations update": {
    run: async (tx) => (await tx`update public.organisations set name = '바뀐 이름' where id = ${fx.orgA}`).count,
    want: { owner: "denied", manager: "denied", teacher: "denied", otherOrg: "denied", loner: "denied", guest: "denied", anon: "denied" },
  },
  "organisations delete": {
    run: async (tx) => (await tx`delete from public.organisations where id = ${fx.orgA}`).count,
    want: { owner: "denied", manager: "denied", teacher: "denied", otherOrg: "denied", loner: "denied", guest: "denied", anon: "denied" },
  },
  "org_members select": {
    run: async (tx) => seen(await members(tx)),
    want: {
      owner: ["manager", "owner", "teacher"],
      manager: ["manager", "owner", "teacher"],
      teacher: ["manager", "owner", "teacher"],
      otherOrg: ["otherOrg"],
      loner: [],
      guest: [],
      anon: "denied",
    },
  },
  "org_members insert (joining oneself)": {
    run: async (tx) =>
      (await tx`insert into public.org_members (org_id, user_id, role) values (${fx.orgA}, (select auth.uid()), 'teacher')`).count,
    want: { owner: "denied", manager: "denied", teacher: "denied", otherOrg: "denied", loner: "denied", guest: "denied", anon: "denied" },
  },
  "org_members update (promoting oneself)": {
    run: async (tx) =>
      (await tx`update public.org_members set role = 'owner', monthly_cap = null where user_id = (select auth.uid())`).count,
    want: { owner: "denied", manager: "denied", teacher: "denied", otherOrg: "denied", loner: "denied", guest: "denied", anon: "denied" },
  },
  "org_members delete": {
    run: async (tx) => (await tx`delete from public.org_members where org_id = ${fx.orgA}`).count,
    want: { owner: "denied", manager: "denied", teacher: "denied", otherOrg: "denied", loner: "denied", guest: "denied", anon: "denied" },
  },
  "org_invitations select": {
    run: async (tx) => seen(await tx`select id, email, role, expires_at from public.org_invitations where id in (${fx.invA}, ${fx.invB})`),
    want: { owner: ["invA"], manager: ["invA"], teacher: [], otherOrg: ["invB"], loner: [], guest: [], anon: "denied" },
  },
  "org_invitations select token_hash": {
    run: async (tx) => seen(await tx`select id, token_hash from public.org_invitations where id in (${fx.invA}, ${fx.invB})`),
    want: { owner: "denied", manager: "denied", teacher: "denied", otherOrg: "denied", loner: "denied", guest: "denied", anon: "denied" },
  },
  "org_invitations insert": {
    run: async (tx) =>
      (
        await tx`
          insert into public.org_invitations (org_id, role, token_hash, expires_at)
          values (${fx.orgA}, 'manager', ${"a".repeat(64)}, now() + interval '1 day')`
      ).count,
    want: { owner: "denied", manager: "denied", teacher: "denied", otherOrg: "denied", loner: "denied", guest: "denied", anon: "denied" },
  },
  "org_invitations update (reviving or accepting)": {
    run: async (tx) => (await tx`update public.org_invitations set revoked_at = null, accepted_at = now() where id = ${fx.invA}`).count,
    want: { owner: "denied", manager: "denied", teacher: "denied", otherOrg: "denied", loner: "denied", guest: "denied", anon: "denied" },
  },
  "org_invitations delete": {
    run: async (tx) => (await tx`delete from public.org_invitations where id = ${fx.invA}`).count,
    want: { owner: "denied", manager: "denied", teacher: "denied", otherOrg: "denied", loner: "denied", guest: "denied", anon: "denied" },
  },
};

describe("organisation tables × actors", () => {
  for (const [name, { run, want }] of Object.entries(expectations)) {
    it(name, async () => {
      const got = {} as Record<Actor, Outcome>;
      for (const actor of ACTORS) got[actor] = await as(actor, run);
      expect(got).toEqual(want);
    });
  }
});

describe("the membership helpers", () => {
  it("name the caller's role in an organisation, none outside it", async () => {
    const got = {} as Record<Actor, Outcome>;
    for (const actor of ACTORS) {
      got[actor] = await as(actor, async (tx) => {
        const [r] = await tx`select private.org_role(${fx.orgA}) as role, private.is_org_member(${fx.orgA}) as member`;
        return [`${r.role}:${r.member}`];
      });
    }
    expect(got).toEqual({
      owner: ["owner:true"],
      manager: ["manager:true"],
      teacher: ["teacher:true"],
      otherOrg: ["null:false"],
      loner: ["null:false"],
      guest: ["null:false"],
      anon: "denied",
    });
  });

  it("refuse a guest as a member whatever writes the row", async () => {
    await expect(
      testSql()`insert into public.org_members (org_id, user_id, role) values (${fx.orgB}, ${uid.guest}, 'teacher')`,
    ).rejects.toThrow(/guest cannot join/);
  });
});
