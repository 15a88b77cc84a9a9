// GET /usage/status: the caller's uses and limit (see quota.ts `getAccountUsage`).
import type { UsageStatus } from "../../_shared/types.ts";
import { defineRoute, type Route } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { callerAccountUsage } from "../lib/usage/quota.ts";

export const routes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/usage/status",
    auth: "user",
    async handler(ctx) {
      const info = await callerAccountUsage(ctx.user.id);
      const body: UsageStatus = { usage: info.usage, plan: info.plan };
      return json(body);
    },
  }),
];
