import { useSubscriptionStatus, useUsageStatus, isAtUsageLimit } from "@/lib/usage";
import { formatSeoulDate } from "@shared/format.ts";

export function UsageBadge({ className = "" }: { className?: string }) {
  const { data } = useUsageStatus();
  const subscription = useSubscriptionStatus();
  if (!data) return null;
  const atLimit = isAtUsageLimit(data);
  const sub = subscription.data?.subscription;
  // the paid month in force: its end date, and what the account becomes then
  const paidUntil = sub?.status === "active" ? formatSeoulDate(sub.endDate, "date") : null;
  const then = sub?.scheduledPlan?.name ?? "체험판";
  return (
    <span
      data-testid="usage-badge"
      data-at-limit={atLimit ? "true" : "false"}
      className={`badge gap-1.5 whitespace-nowrap ${atLimit ? "badge-error" : "badge-outline badge-primary"} ${className}`}
      title={`이번 달 사용량 ${data.usage.current}/${data.usage.limit} (${data.plan.name})${paidUntil ? ` · ${paidUntil}까지 이용, 이후 ${then}` : ""}`}
    >
      <span className="font-semibold tabular-nums">
        {data.usage.current}/{data.usage.limit}
      </span>
      <span>{data.plan.name}</span>
      {paidUntil && (
        <span className="hidden opacity-70 sm:inline" data-testid="usage-badge-until">
          ~{paidUntil} 이후 {then}
        </span>
      )}
    </span>
  );
}
