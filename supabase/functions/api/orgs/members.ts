// A member's role and monthly cap, and leaving or removing a member. The owner changes roles (`role:
// 'owner'` transfers the ownership: the old owner becomes a manager); the owner and managers set caps
// (a manager: for teachers and themself); the owner and managers remove members (a manager: teachers);
// anyone leaves, except the owner while others remain (409: transfer first; the database refuses too).
// Removal deletes only the membership row: the member's work stays with the organisation.
import { z } from "zod";
import { memberPatchSchema, ORG_MESSAGES as M, type OrgRole } from "../../_shared/orgs.ts";
import { adminSql } from "../lib/db.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { uuidParam } from "../lib/params.ts";
import { defineRoute, type Route } from "../lib/types.ts";
import { orgDbError, orgDetail, roleIn } from "./queries.ts";

const memberParams = z.object({ id: uuidParam(M.orgNotFound), userId: uuidParam(M.memberNotFound) });

async function memberRole(sql: Parameters<typeof roleIn>[0], orgId: string, userId: string): Promise<OrgRole> {
  const [row] = await sql<{ role: OrgRole }[]>`
    select role from public.org_members where org_id = ${orgId} and user_id = ${userId} for update`;
  if (!row) throw new HttpError(404, M.memberNotFound);
  return row.role;
}

export const routes: Route[] = [
  defineRoute({
    method: "PATCH",
    path: "/orgs/:id/members/:userId",
    auth: "user",
    params: memberParams,
    async handler(ctx) {
      const { id: orgId, userId } = ctx.params;
      await roleIn(adminSql, orgId, ctx.user.id);
      const body = await ctx.json(memberPatchSchema);
      let transferred = false;
      await adminSql
        .begin(async (sql) => {
          const mine = await roleIn(sql, orgId, ctx.user.id, true);
          const theirs = await memberRole(sql, orgId, userId);
          if (body.monthlyCap !== undefined) {
            if (mine === "teacher") throw new HttpError(403, M.ownerOrManagerOnly);
            if (mine === "manager" && theirs !== "teacher" && userId !== ctx.user.id) throw new HttpError(403, M.managerCapsTeachers);
            await sql`
              update public.org_members set monthly_cap = ${body.monthlyCap} where org_id = ${orgId} and user_id = ${userId}`;
          }
          if (body.role !== undefined && body.role !== theirs) {
            if (mine !== "owner") throw new HttpError(403, M.ownerOnly);
            if (theirs === "owner") throw new HttpError(409, M.ownerRoleViaTransfer);
            if (body.role === "owner") {
              // one owner at a time (a unique index): the old owner steps down first
              await sql`
                update public.org_members set role = 'manager' where org_id = ${orgId} and user_id = ${ctx.user.id}`;
              transferred = true;
            }
            await sql`update public.org_members set role = ${body.role} where org_id = ${orgId} and user_id = ${userId}`;
          }
        })
        .catch(orgDbError);
      const role = await roleIn(adminSql, orgId, ctx.user.id);
      return json({ ...(await orgDetail(adminSql, orgId, role)), message: transferred ? M.transferred : M.updated });
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/orgs/:id/members/:userId",
    auth: "user",
    params: memberParams,
    async handler(ctx) {
      const { id: orgId, userId } = ctx.params;
      const self = userId === ctx.user.id;
      await adminSql
        .begin(async (sql) => {
          const mine = await roleIn(sql, orgId, ctx.user.id, true);
          const theirs = await memberRole(sql, orgId, userId);
          if (theirs === "owner") throw new HttpError(409, M.ownerMustTransfer);
          if (!self) {
            if (mine === "teacher") throw new HttpError(403, M.ownerOrManagerOnly);
            if (mine === "manager" && theirs !== "teacher") throw new HttpError(403, M.managerRemovesTeachers);
          }
          await sql`delete from public.org_members where org_id = ${orgId} and user_id = ${userId}`;
        })
        .catch(orgDbError);
      return json({ message: self ? M.left : M.removed });
    },
  }),
];
