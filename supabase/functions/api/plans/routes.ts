// GET /plans: the active plans, ascending price (public).
import { defineRoute, type Route } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { adminSql } from "../lib/db.ts";
import { listPlans } from "../lib/users/queries.ts";

export const routes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/plans",
    auth: "public",
    async handler() {
      return json(await listPlans(adminSql));
    },
  }),
];
