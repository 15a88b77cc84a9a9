// Organisation fixtures for the pooled-quota tests, arranged with the service SQL (rows as the organisation
// API writes them): an organisation with its owner and members, assignments moved into its space, and the
// month's usage of the pool (the owner's usage row) and of each member (org_usage).
import { createSession } from "./grading.ts";
import { createMember, testSql, type TestUser } from "./users.ts";

export interface TestOrg {
  id: string;
  owner: TestUser;
  members: TestUser[];
}

/** An organisation owned by a new member on `plan` (active; its max_users are the seats) with `teachers` new teacher members. */
export async function createOrg(teachers: number, plan = "business"): Promise<TestOrg> {
  const sql = testSql();
  const owner = await createMember();
  const members: TestUser[] = [];
  for (let i = 0; i < teachers; i++) members.push(await createMember());
  await sql`update public.subscriptions set plan_id = ${plan}, status = 'active' where user_id = ${owner.user.id}`;
  const [org] = await sql<{ id: string }[]>`
    insert into public.organisations (name, created_by) values (${`학원 ${owner.username}`}, ${owner.user.id}) returning id`;
  await sql`insert into public.org_members (org_id, user_id, role) values (${org.id}, ${owner.user.id}, 'owner')`;
  for (const m of members) {
    await sql`insert into public.org_members (org_id, user_id, role) values (${org.id}, ${m.user.id}, 'teacher')`;
  }
  return { id: org.id, owner, members };
}

/** A new assignment of `user` in organisation `orgId`'s space. */
export async function orgSession(user: TestUser, orgId: string): Promise<string> {
  const id = await createSession(user);
  await testSql()`update public.analysis_sessions set org_id = ${orgId} where id = ${id}`;
  return id;
}

/** Sets this month's count on `user`'s own usage row (for an owner: the organisation's pool). */
export async function setUsed(user: TestUser, used: number): Promise<void> {
  await testSql()`select private.ensure_current_usage(${user.user.id}::uuid)`;
  await testSql()`
    update public.usage_tracking set essay_count = ${used}
     where user_id = ${user.user.id} and period_start = (private.current_period()).period_start`;
}

/** This month's count on `user`'s own usage row. */
export async function used(user: TestUser): Promise<number> {
  const [row] = await testSql()`
    select essay_count from public.usage_tracking
     where user_id = ${user.user.id} and period_start = (private.current_period()).period_start`;
  return row?.essay_count ?? 0;
}

/** This month's gradings attributed to `user` in organisation `orgId` (org_usage). */
export async function memberUsed(orgId: string, user: TestUser): Promise<number> {
  const [row] = await testSql()`
    select essay_count from public.org_usage
     where org_id = ${orgId} and user_id = ${user.user.id} and period_start = (private.current_period()).period_start`;
  return row?.essay_count ?? 0;
}

export async function setCap(orgId: string, user: TestUser, cap: number | null): Promise<void> {
  await testSql()`update public.org_members set monthly_cap = ${cap} where org_id = ${orgId} and user_id = ${user.user.id}`;
}

/** Moves a class, its students and its assignments into organisation `orgId`'s space (as if made there). */
export async function moveClassToOrg(classId: string, orgId: string): Promise<void> {
  const sql = testSql();
  await sql`update public.classes set org_id = ${orgId} where id = ${classId}`;
  await sql`update public.students set org_id = ${orgId}
             where id in (select student_id from public.class_students where class_id = ${classId})`;
  await sql`update public.analysis_sessions set org_id = ${orgId} where class_id = ${classId}`;
}
