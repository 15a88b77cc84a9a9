// Plans, usage and subscription status.
import type { Route } from "../lib/types.ts";
import type { SubscriptionStatus, UsageStatus } from "../../_shared/types.ts";
import { API_MESSAGES } from "../../_shared/messages.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { getAccountUsage, listPlans } from "../account/queries.ts";

export const routes: Route[] = [
  {
    method: "GET",
    path: "/plans",
    auth: "public",
    async handler(ctx) {
      return json(await listPlans(ctx.admin));
    },
  },
  {
    method: "GET",
    path: "/usage/status",
    auth: "user",
    async handler(ctx) {
      const info = await getAccountUsage(ctx.admin, ctx.user!.id);
      if (!info) throw new HttpError(401, API_MESSAGES.loginRequired);
      const body: UsageStatus = { usage: info.usage, plan: info.plan };
      return json(body);
    },
  },
  {
    method: "GET",
    path: "/subscription/status",
    auth: "user",
    async handler(ctx) {
      const info = await getAccountUsage(ctx.admin, ctx.user!.id);
      if (!info) throw new HttpError(401, API_MESSAGES.loginRequired);
      const sub = info.subscription;
      const body: SubscriptionStatus = {
        plan: info.plan,
        usage: info.usage,
        subscription: sub
          ? { status: sub.status, startDate: sub.startDate, endDate: sub.endDate, renewsAt: sub.renewsAt }
          : null,
      };
      return json(body);
    },
  },
];
