// RLS of public.org_usage (an organisation's gradings per member per month) for every actor: the owner and
// managers read all of their organisation's rows, a teacher only their own, a member of another organisation,
// a member without one and a guest nothing; anon has no grant. Nobody but the service connection writes.
import { beforeAll, describe, expect, it } from "vitest";
import { createGuest, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { authenticatedClaims, rolledBackAs } from "../helpers/grading.ts";
import { createOrg, type TestOrg } from "../helpers/org-quota.ts";

type Actor = "owner" | "manager" | "teacher" | "otherOrg" | "noOrg" | "guest" | "anon";
const ACTORS: Actor[] = ["owner", "manager", "teacher", "otherOrg", "noOrg", "guest", "anon"];

let org: TestOrg;
let other: TestOrg;
let users: Record<Exclude<Actor, "anon">, TestUser>;

beforeAll(async () => {
  const sql = testSql();
  [org, other] = await Promise.all([createOrg(2), createOrg(1)]);
  const [manager, teacher] = org.members;
  await sql`update public.org_members set role = 'manager' where org_id = ${org.id} and user_id = ${manager.user.id}`;
  users = { owner: org.owner, manager, teacher, otherOrg: other.members[0], noOrg: await createMember(), guest: await createGuest() };
  const period = sql`(private.current_period()).period_start`;
  for (const [o, u, n] of [
    [org, org.owner, 1],
    [org, manager, 2],
    [org, teacher, 3],
    [other, other.members[0], 4],
  ] as const) {
    await sql`insert into public.org_usage (org_id, user_id, period_start, essay_count) values (${o.id}, ${u.user.id}, ${period}, ${n})`;
  }
}, 60_000);

function claims(actor: Actor) {
  if (actor === "anon") return { role: "anon" };
  return authenticatedClaims(users[actor].user.id, actor === "guest" ? { is_anonymous: true } : {});
}

/** The counts the actor reads, sorted, or "denied". */
async function readCounts(actor: Actor): Promise<number[] | "denied"> {
  return rolledBackAs(claims(actor), async (tx) => {
    const rows = await tx`select essay_count from public.org_usage order by essay_count`;
    return rows.map((r) => r.essay_count as number);
  });
}

const EXPECTED_READ: Record<Actor, number[] | "denied"> = {
  owner: [1, 2, 3],
  manager: [1, 2, 3],
  teacher: [3],
  otherOrg: [4],
  noOrg: [],
  guest: [],
  anon: "denied",
};

describe("org_usage RLS", () => {
  for (const actor of ACTORS) {
    it(`${actor}: select`, async () => {
      expect(await readCounts(actor)).toEqual(EXPECTED_READ[actor]);
    });

    it(`${actor}: insert, update and delete are refused`, async () => {
      const me = actor === "anon" ? org.owner : users[actor];
      const insert = await rolledBackAs(claims(actor), async (tx) => {
        await tx`insert into public.org_usage (org_id, user_id, period_start, essay_count)
                 values (${org.id}, ${me.user.id}, now() - interval '40 days', 0)`;
        return "allowed";
      });
      const update = await rolledBackAs(claims(actor), async (tx) => {
        const rows = await tx`update public.org_usage set essay_count = 0 where org_id = ${org.id} returning 1`;
        return rows.length > 0 ? "allowed" : "none";
      });
      const del = await rolledBackAs(claims(actor), async (tx) => {
        const rows = await tx`delete from public.org_usage where org_id = ${org.id} returning 1`;
        return rows.length > 0 ? "allowed" : "none";
      });
      expect({ insert, update, delete: del }).toEqual({ insert: "denied", update: "denied", delete: "denied" });
    });
  }
});
