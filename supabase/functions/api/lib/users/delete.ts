// Removing an account, shared by 회원 탈퇴 (account/delete.ts) and the admin's member removal
// (admin/routes.ts): the Auth user (profile and every row below it by cascade) and the stored
// originals under `<userId>/`.
import type { AnySql } from "./queries.ts";
import { serviceClient } from "../supabase.ts";
import { removeObjects } from "../storage.ts";

/**
 * Object names in the private `essays` bucket under `<userId>/`, except those of assignments that
 * are someone else's now (an organisation's, passed to its owner when the user left): they stay.
 */
export async function essayObjectNames(admin: AnySql, userId: string): Promise<string[]> {
  const rows = await admin<{ name: string }[]>`
    select o.name from storage.objects o
     where o.bucket_id = 'essays' and o.name like ${userId + "/%"}
       and not exists (
         select 1 from public.analysis_sessions s
          where s.id::text = split_part(o.name, '/', 2) and s.user_id <> ${userId})`;
  return rows.map((r) => r.name);
}

/**
 * Removes the user's objects through the one storage path guard: every name must lie inside
 * `<userId>/` (users may also have uploaded to their folder directly), with no `..`, `%`, `\`,
 * empty segments or control characters; anything else is logged and left alone.
 */
export async function removeEssayObjects(names: string[], userId: string): Promise<void> {
  await removeObjects(names, { ownerId: userId, anyNameInFolder: true });
}

/**
 * Ends the user's organisation membership first, so its trigger (private.reassign_org_rows) hands
 * their organisation's classes, students and assignments to the organisation's owner before the
 * account's cascade could delete them: withdrawal deletes personal data only.
 */
export async function leaveOrganisation(admin: AnySql, userId: string): Promise<void> {
  await admin`delete from public.org_members where user_id = ${userId}`;
}

/**
 * Removes the Supabase Auth user; profiles and everything below them (sessions, submissions,
 * results, usage, subscription) go with it by `on delete cascade`; paid orders stay without the
 * person (user_id null) as the payment records the law keeps for 5 years.
 * Returns false when Auth has no such user.
 */
export async function deleteAuthUser(userId: string): Promise<boolean> {
  const { error } = await serviceClient().auth.admin.deleteUser(userId);
  if (!error) return true;
  if (error.status === 404) return false;
  throw error;
}
