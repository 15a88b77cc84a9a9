// GET /orgs/:id/usage: the organisation's dashboard (기관 현황) for its owner and managers (a teacher: 403, not a
// member: 403): the pooled quota this month (private.org_usage_snapshot), gradings per member (org_usage) and per
// class (held uses of the organisation's assignments), seats (members / the owner's plan's max_users), the owner's
// subscription, and teacher–AI agreement over the organisation's reviewed answers. Membership is checked here,
// then read with the service connection (the pool is the owner's usage row, which managers cannot read).
import { z } from "zod";
import type { OrgUsage, OrgUsageClass, OrgUsageTeacher } from "../../_shared/org-usage.ts";
import { computeAgreement, scaledPair } from "../../_shared/agreement.ts";
import { adminSql } from "../lib/db.ts";
import { HttpError } from "../lib/errors.ts";
import { iso, json } from "../lib/http.ts";
import { uuidParam } from "../lib/params.ts";
import { defineRoute, type Route } from "../lib/types.ts";
import { ORG_MESSAGES } from "../../_shared/orgs.ts";
import { scopedUsageSnapshot } from "../lib/usage/quota.ts";

/** At most this many reviewed answers are read for the agreement (the newest): bounded work. */
const MAX_REVIEWED = 5000;

export const ORG_USAGE_MESSAGES = {
  managersOnly: "기관 현황은 기관 소유자와 관리자만 볼 수 있습니다.",
} as const;

const orgParams = z.object({ id: uuidParam(ORG_MESSAGES.notMember) });

async function orgUsage(ctx: { params: { id: string }; user: { id: string } }): Promise<Response> {
  const orgId = ctx.params.id.toLowerCase();
  const [me] = await adminSql<{ role: string; name: string }[]>`
    select m.role, o.name from public.org_members m join public.organisations o on o.id = m.org_id
     where m.org_id = ${orgId} and m.user_id = ${ctx.user.id}`;
  if (!me) throw new HttpError(403, ORG_MESSAGES.notMember);
  if (me.role !== "owner" && me.role !== "manager") throw new HttpError(403, ORG_USAGE_MESSAGES.managersOnly);

  const snap = await scopedUsageSnapshot(adminSql, ctx.user.id, { orgId });
  const period = snap.periodStart;
  const owner = snap.poolUserId ?? null;

  const teachers = await adminSql<{ user_id: string; role: string | null; cap: number | null; name: string; count: number }[]>`
    select m.user_id, m.role, m.monthly_cap as cap, coalesce(p.display_name, p.username) as name,
           coalesce(u.essay_count, 0) as count
      from public.org_members m
      join public.profiles p on p.id = m.user_id
      left join public.org_usage u on u.org_id = m.org_id and u.user_id = m.user_id and u.period_start = ${period}
     where m.org_id = ${orgId}
    union all
    select u.user_id, null, null, coalesce(p.display_name, p.username), u.essay_count
      from public.org_usage u
      join public.profiles p on p.id = u.user_id
     where u.org_id = ${orgId} and u.period_start = ${period} and u.essay_count > 0
       and not exists (select 1 from public.org_members m where m.org_id = u.org_id and m.user_id = u.user_id)
     order by count desc, name`;

  const classes = await adminSql<{ class_id: string; name: string; count: number }[]>`
    select c.id as class_id, c.name, count(*)::int as count
      from public.analysis_sessions s
      join public.classes c on c.id = s.class_id
      join public.essay_submissions e on e.session_id = s.id
     where s.org_id = ${orgId} and e.usage_org_id = ${orgId} and e.usage_charged and e.usage_period_start = ${period}
     group by c.id, c.name
     order by count desc, c.name`;

  const [extra] = await adminSql<
    { seats: number; max_users: number | null; status: string | null; renews_at: Date | null; end_date: Date | null }[]
  >`
    select (select count(*)::int from public.org_members m where m.org_id = ${orgId}) as seats,
           (select sp.max_users from public.subscription_plans sp where sp.id = ${snap.planId}) as max_users,
           s.status, case when s.auto_renew and s.canceled_at is null then s.renews_at end as renews_at, s.end_date
      from (select 1) one
      left join public.subscriptions s on s.user_id = ${owner}`;

  const reviewed = await adminSql<{ category_scores: unknown; review: unknown; session_id: string; user_id: string }[]>`
    select r.category_scores, r.review, e.session_id, e.user_id
      from public.analysis_sessions s
      join public.essay_submissions e on e.session_id = s.id
      join public.analysis_results r on r.submission_id = e.id
     where s.org_id = ${orgId} and r.reviewed_at is not null and not e.is_sample
     order by r.reviewed_at desc
     limit ${MAX_REVIEWED}`;

  const body: OrgUsage = {
    org: { id: orgId, name: me.name },
    period: { start: iso(period) ?? "", resetDate: iso(snap.resetDate) ?? "" },
    pool: { used: Number(snap.current), limit: Number(snap.limit), remaining: Number(snap.poolRemaining ?? snap.remaining) },
    teachers: teachers.map((t): OrgUsageTeacher => ({
      userId: t.user_id,
      name: t.name,
      role: t.role as OrgUsageTeacher["role"],
      count: Number(t.count),
      cap: t.cap,
    })),
    classes: classes.map((c): OrgUsageClass => ({ classId: c.class_id, name: c.name, count: Number(c.count) })),
    seats: { used: Number(extra?.seats ?? 0), max: Number(extra?.max_users ?? 1) },
    subscription: {
      planId: snap.planId,
      planName: snap.planName,
      status: extra?.status ?? "trial",
      renewsAt: iso(extra?.renews_at ?? null),
      endDate: iso(extra?.end_date ?? null),
    },
    agreement: {
      ...computeAgreement(reviewed.map(scaledPair)),
      sessions: new Set(reviewed.map((r) => r.session_id)).size,
      teachers: new Set(reviewed.map((r) => r.user_id)).size,
    },
  };
  return json(body);
}

export const routes: Route[] = [
  defineRoute({ method: "GET", path: "/orgs/:id/usage", auth: "user", params: orgParams, handler: orgUsage }),
];
