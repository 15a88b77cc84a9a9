// The organisation's rows as JSON (read with the privileged connection after the caller's membership is
// checked), the caller's role in an organisation, and the seat count (private.org_seats, one source).
import type postgres from "postgres";
import {
  type InviteRole,
  type OrgDetail,
  type OrgInvitation,
  type OrgMember,
  type OrgRole,
  type OrgSummary,
  ORG_MESSAGES as M,
} from "../../_shared/orgs.ts";
import { HttpError } from "../lib/errors.ts";
import { iso } from "../lib/http.ts";

type AnySql = postgres.Sql | postgres.TransactionSql;

/** The caller's organisation (at most one), or null. */
export async function myOrg(sql: AnySql, userId: string): Promise<OrgSummary | null> {
  const [row] = await sql<{ id: string; name: string; role: OrgRole }[]>`
    select o.id, o.name, m.role from public.org_members m join public.organisations o on o.id = m.org_id
     where m.user_id = ${userId}`;
  return row ? { id: row.id, name: row.name, role: row.role } : null;
}

/**
 * The caller's role in organisation `orgId`; 404 (the same as a missing organisation) when not a member.
 * `lock` takes the organisation's row for update first, so concurrent member changes queue on it.
 */
export async function roleIn(sql: AnySql, orgId: string, userId: string, lock = false): Promise<OrgRole> {
  if (lock) await sql`select 1 from public.organisations where id = ${orgId} for update`;
  const [row] = await sql<{ role: OrgRole }[]>`
    select role from public.org_members where org_id = ${orgId} and user_id = ${userId}`;
  if (!row) throw new HttpError(404, M.orgNotFound);
  return row.role;
}

export async function seats(sql: AnySql, orgId: string) {
  const [row] = await sql<{ used: number; max_seats: number; plan_id: string | null; plan_name: string | null }[]>`
    select used, max_seats, plan_id, plan_name from private.org_seats(${orgId})`;
  return {
    used: Number(row?.used ?? 0),
    max: Number(row?.max_seats ?? 1),
    plan: { id: row?.plan_id ?? "trial", name: row?.plan_name ?? "" },
  };
}

interface InvitationRow {
  id: string;
  email: string | null;
  role: InviteRole;
  expires_at: Date;
  created_at: Date;
}

export const toInvitation = (r: InvitationRow): OrgInvitation => ({
  id: r.id,
  email: r.email,
  role: r.role,
  expiresAt: iso(r.expires_at)!,
  createdAt: iso(r.created_at)!,
});

/** The organisation as its member `role` sees it. */
export async function orgDetail(sql: AnySql, orgId: string, role: OrgRole): Promise<OrgDetail> {
  const [org] = await sql<{ id: string; name: string; created_at: Date }[]>`
    select id, name, created_at from public.organisations where id = ${orgId}`;
  if (!org) throw new HttpError(404, M.orgNotFound);
  const members = await sql<
    {
      user_id: string;
      username: string;
      display_name: string | null;
      email: string | null;
      role: OrgRole;
      monthly_cap: number | null;
      created_at: Date;
    }[]
  >`
    select m.user_id, p.username, p.display_name, p.email, m.role, m.monthly_cap, m.created_at
      from public.org_members m join public.profiles p on p.id = m.user_id
     where m.org_id = ${orgId}
     order by case m.role when 'owner' then 0 when 'manager' then 1 else 2 end, m.created_at, p.username`;
  const invitations =
    role === "teacher"
      ? null
      : (
          await sql<InvitationRow[]>`
            select id, email, role, expires_at, created_at from public.org_invitations
             where org_id = ${orgId} and accepted_at is null and revoked_at is null and expires_at > now()
             order by created_at desc`
        ).map(toInvitation);
  const s = await seats(sql, orgId);
  return {
    id: org.id,
    name: org.name,
    role,
    createdAt: iso(org.created_at)!,
    members: members.map((m): OrgMember => ({
      userId: m.user_id,
      name: m.display_name?.trim() || m.username,
      username: m.username,
      email: m.email,
      role: m.role,
      monthlyCap: m.monthly_cap,
      joinedAt: iso(m.created_at)!,
    })),
    seats: { used: s.used, max: s.max },
    plan: s.plan,
    invitations,
  };
}

/** Postgres errors the organisation's triggers raise, as the API's Korean answers. */
export function orgDbError(err: unknown): never {
  const e = err as { code?: string; message?: string; constraint_name?: string };
  if (e?.code === "P0001" && e.message === "org_full") throw new HttpError(409, M.orgFull);
  if (e?.code === "P0001" && e.message === "org_owner_has_members") throw new HttpError(409, M.ownerMustTransfer);
  if (e?.code === "23505" && e.constraint_name === "org_members_one_org") throw new HttpError(409, M.alreadyInOrg);
  if (e?.code === "23514" && e.message === "a guest cannot join an organisation") throw new HttpError(403, M.guestCannotJoin);
  throw err;
}
