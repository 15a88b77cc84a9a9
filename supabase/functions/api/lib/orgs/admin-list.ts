// The admin's member list shows each member's organisation (기관): its name, the member's role, the seats
// used of the owner's plan's max_users and that plan (private.org_seats). Organisation rows are readable
// only by their members under RLS, so the admin route reads them with the privileged connection.
import type postgres from "postgres";
import type { AdminUser, AdminUserOrg } from "../../../_shared/types.ts";

export async function withOrgs(sql: postgres.Sql, users: AdminUser[]): Promise<AdminUser[]> {
  if (users.length === 0) return users;
  const rows = await sql<
    {
      user_id: string;
      org_id: string;
      name: string;
      role: AdminUserOrg["role"];
      used: number;
      max_seats: number;
      plan_name: string | null;
    }[]
  >`
    select m.user_id, o.id as org_id, o.name, m.role, s.used, s.max_seats, s.plan_name
      from public.org_members m
      join public.organisations o on o.id = m.org_id
      cross join lateral private.org_seats(o.id) s
     where m.user_id = any(${users.map((u) => u.id)}::uuid[])`;
  const byUser = new Map(rows.map((r) => [r.user_id, r]));
  return users.map((u) => {
    const r = byUser.get(u.id);
    return {
      ...u,
      org: r
        ? {
            id: r.org_id,
            name: r.name,
            role: r.role,
            seatsUsed: Number(r.used),
            seatsMax: Number(r.max_seats),
            planName: r.plan_name ?? "",
          }
        : null,
    };
  });
}
