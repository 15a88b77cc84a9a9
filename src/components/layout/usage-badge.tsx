import { useAuth } from "@/lib/auth";
import { useSubscriptionStatus, useUsageStatus, isAtUsageLimit } from "@/lib/usage";
import { formatSeoulDate } from "@shared/format.ts";

/**
 * The header's usage: "이번 달 3/500회" (a guest's "무료 체험 1/3회"), the plan's name beside it from
 * 640 px, and a paid month's end (a renewing subscription's: its next charge date) as a second short
 * item on wide screens; the whole sentence (plan, end date and what follows, or "… 자동 갱신") is its
 * title. "이후 체험판" only when the plan does not renew. Nothing in it is cut at 390 px.
 * In an organisation's space (the answer carries `member`): "기관 2712/3000회" is the organisation's pool, and the
 * caller's own use (and monthly cap) is the second item and in the title; the personal subscription is not named.
 */
export function UsageBadge({ className = "" }: { className?: string }) {
  const { user } = useAuth();
  const { data } = useUsageStatus();
  const subscription = useSubscriptionStatus();
  if (!data) return null;
  const member = data.member;
  const capReached = member?.cap != null && member.current >= member.cap;
  const atLimit = isAtUsageLimit(data) || capReached;
  const guest = user?.isGuest === 1;
  const sub = subscription.data?.subscription;
  // the plan in force: a renewing subscription's next charge date, else the paid end and what follows
  const renews = sub?.status === "active" && sub.autoRenew === 1 && sub.renewsAt ? formatSeoulDate(sub.renewsAt, "date") : null;
  const paidUntil = !renews && sub?.status === "active" ? formatSeoulDate(sub.endDate, "date") : null;
  const then = sub?.scheduledPlan?.name ?? "체험판";
  const note = member ? "" : renews ? ` · ${renews} 자동 갱신` : paidUntil ? ` · ${paidUntil}까지 이용, 이후 ${then}` : "";
  const count = `${data.usage.current}/${data.usage.limit}회`;
  const period = guest ? "무료 체험" : member ? "기관" : "이번 달";
  const own = member ? `내 사용 ${member.current}${member.cap === null ? "" : `/${member.cap}`}회` : null;
  const title = `${data.plan.name} · ${member ? "기관 이번 달" : period} ${count} 사용${own ? ` · ${own}` : ""}${note}`;
  return (
    <span className="flex shrink-0 items-center gap-2" title={title}>
      <span
        data-testid="usage-badge"
        data-at-limit={atLimit ? "true" : "false"}
        className={`badge gap-1.5 whitespace-nowrap ${atLimit ? "badge-error" : "badge-outline badge-primary"} ${className}`}
      >
        <span className="hidden font-medium sm:inline">{data.plan.name}</span>
        <span className="hidden opacity-50 sm:inline" aria-hidden="true">
          ·
        </span>
        <span>{period}</span>
        <span className="font-semibold tabular-nums">{count}</span>
      </span>
      {own && (
        <span className="hidden whitespace-nowrap text-xs text-base-content/75 tabular-nums xl:inline" data-testid="usage-badge-member">
          {own}
        </span>
      )}
      {!member && (renews || paidUntil) && (
        <span className="hidden whitespace-nowrap text-xs text-base-content/75 tabular-nums xl:inline" data-testid="usage-badge-until">
          {renews ? `${renews} 갱신` : `${paidUntil}까지`}
        </span>
      )}
    </span>
  );
}
