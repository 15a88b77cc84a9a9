// Fixtures for the rubric library and comment bank tests: one organisation with an owner, a manager and a
// teacher (memberships written with SQL, as o-core's API would), a member of no organisation, a guest.
import { createGuest, createMember, testSql, type TestUser } from "./users.ts";

export interface LibraryCast {
  orgId: string;
  owner: TestUser;
  manager: TestUser;
  teacher: TestUser;
  outsider: TestUser;
  guest: TestUser;
}

export async function libraryCast(): Promise<LibraryCast> {
  const [owner, manager, teacher, outsider, guest] = await Promise.all([
    createMember(),
    createMember(),
    createMember(),
    createMember(),
    createGuest(),
  ]);
  const sql = testSql();
  const [{ id: orgId }] =
    await sql`insert into public.organisations (name, created_by) values ('기준 학원', ${owner.user.id}) returning id`;
  // the owner's plan gives the organisation its seats (business: 10)
  await sql`update public.subscriptions set plan_id = 'business', status = 'active' where user_id = ${owner.user.id}`;
  await sql`insert into public.org_members (org_id, user_id, role) values
              (${orgId}, ${owner.user.id}, 'owner'), (${orgId}, ${manager.user.id}, 'manager'), (${orgId}, ${teacher.user.id}, 'teacher')`;
  return { orgId, owner, manager, teacher, outsider, guest };
}

/** Request options as `who`, in the organisation's space when `orgId` is given. */
export const as = (who: TestUser, orgId?: string): { token: string; headers: Record<string, string> } => ({
  token: who.token,
  headers: orgId ? { "X-Org-Id": orgId } : {},
});
