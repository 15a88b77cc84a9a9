// GET /classes/:id/matrix: the roster × the class's assignments (see matrix-data.ts).
import { defineRoute, type Route } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { idParams } from "../lib/params.ts";
import { loadClassMatrix } from "./matrix-data.ts";
import { CLASS_GROWTH_MESSAGES as M } from "./growth-messages.ts";

export const matrixRoutes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/classes/:id/matrix",
    auth: "user",
    params: idParams(M.classNotFound),
    handler: async (ctx) => json(await ctx.asCaller((sql) => loadClassMatrix(sql, ctx.user.id, ctx.params.id))),
  }),
];
