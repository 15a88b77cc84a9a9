// GET /subscription/status: the caller's plan in force, uses, limits and subscription.
import type { SubscriptionStatus } from "../../_shared/types.ts";
import { defineRoute, type Route } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { callerAccountUsage, limitsOf } from "../lib/usage/quota.ts";

export const routes: Route[] = [
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
              autoRenew: sub.autoRenew,
              scheduledPlan: sub.scheduledPlan ?? null,
            }
          : null,
      };
      return json(body);
    },
  }),
];
