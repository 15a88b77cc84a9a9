// GET /usage/status: the caller's uses and limit (see quota.ts `getAccountUsage`); in an organisation's space
// (X-Org-Id) the organisation's pool with the caller's own use and cap (private.org_usage_snapshot).
import type { UsageStatus } from "../../_shared/types.ts";
import { defineRoute, type Route } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { adminSql } from "../lib/db.ts";
import { activeOrg } from "../lib/orgs/active.ts";
import { callerAccountUsage, scopedUsageSnapshot } from "../lib/usage/quota.ts";

export const routes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/usage/status",
    auth: "user",
    async handler(ctx) {
      const org = await activeOrg(ctx);
      if (org) {
        const snap = await scopedUsageSnapshot(adminSql, ctx.user.id, { orgId: org.id });
        const body: UsageStatus = {
          usage: { current: Number(snap.current), limit: Number(snap.limit) },
          plan: { id: snap.planId, name: snap.planName },
          member: { current: Number(snap.member?.current ?? 0), cap: snap.member?.cap ?? null },
          orgId: org.id,
        };
        return json(body);
      }
      const info = await callerAccountUsage(ctx.user.id);
      const body: UsageStatus = { usage: info.usage, plan: info.plan };
      return json(body);
    },
  }),
];
