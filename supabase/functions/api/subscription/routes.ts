// GET /plans and GET /subscription/status.
import type { SubscriptionStatus } from "../../_shared/types.ts";
import { defineRoute, type Route } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { adminSql } from "../lib/db.ts";
import { callerAccountUsage, limitsOf } from "../usage/quota.ts";
import { listPlans } from "./queries.ts";

export const routes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/plans",
    auth: "public",
    async handler() {
      return json(await listPlans(adminSql));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/subscription/status",
    auth: "user",
    async handler(ctx) {
      const info = await callerAccountUsage(ctx.user.id);
      const sub = info.subscription;
      const body: SubscriptionStatus = {
        plan: info.plan,
        usage: info.usage,
        limits: limitsOf(info),
        subscription: sub
          ? {
            status: sub.status,
            startDate: sub.startDate,
            endDate: sub.endDate,
            renewsAt: sub.renewsAt,
            scheduledPlan: sub.scheduledPlan ?? null,
          }
          : null,
      };
      return json(body);
    },
  }),
];
