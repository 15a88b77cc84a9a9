// /api/orgs: a member creates an organisation (기관) and becomes its owner; the caller's organisation for
// the header's switch; one organisation as its member sees it. Membership is checked on every request
// with the privileged connection (the tables are service-written); the database holds the rules
// (one organisation per person, no guests, one owner, seats).
import { ORG_MESSAGES as M, orgCreateSchema } from "../../_shared/orgs.ts";
import { adminSql } from "../lib/db.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { idParams } from "../lib/params.ts";
import { defineRoute, type Route } from "../lib/types.ts";
import { routes as invitationRoutes } from "./invitations.ts";
import { routes as memberRoutes } from "./members.ts";
import { myOrg, orgDbError, orgDetail, roleIn } from "./queries.ts";

const orgParams = idParams(M.orgNotFound);

export const routes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/orgs",
    auth: "user",
    async handler(ctx) {
      return json({ org: await myOrg(adminSql, ctx.user.id) });
    },
  }),
  defineRoute({
    method: "POST",
    path: "/orgs",
    auth: "user",
    async handler(ctx) {
      if (ctx.user.isAnonymous) throw new HttpError(403, M.guestCannotCreate);
      const { name } = await ctx.json(orgCreateSchema);
      const orgId = await adminSql
        .begin(async (sql) => {
          if (await myOrg(sql, ctx.user.id)) throw new HttpError(409, M.alreadyInOrg);
          const [org] = await sql<{ id: string }[]>`
            insert into public.organisations (name, created_by) values (${name}, ${ctx.user.id}) returning id`;
          await sql`insert into public.org_members (org_id, user_id, role) values (${org.id}, ${ctx.user.id}, 'owner')`;
          return org.id;
        })
        .catch((err) => {
          if ((err as { code?: string })?.code === "23514" && /guest/.test(String((err as Error).message))) {
            throw new HttpError(403, M.guestCannotCreate);
          }
          return orgDbError(err);
        });
      return json({ ...(await orgDetail(adminSql, orgId, "owner")), message: M.created }, 201);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/orgs/:id",
    auth: "user",
    params: orgParams,
    async handler(ctx) {
      const role = await roleIn(adminSql, ctx.params.id, ctx.user.id);
      return json(await orgDetail(adminSql, ctx.params.id, role));
    },
  }),
  ...invitationRoutes,
  ...memberRoutes,
];
