import { useUsageStatus, isAtUsageLimit } from "@/lib/usage";

export function UsageBadge({ className = "" }: { className?: string }) {
  const { data } = useUsageStatus();
  if (!data) return null;
  const atLimit = isAtUsageLimit(data);
  return (
    <span
      data-testid="usage-badge"
      data-at-limit={atLimit ? "true" : "false"}
      className={`badge gap-1.5 whitespace-nowrap ${atLimit ? "badge-error" : "badge-outline badge-primary"} ${className}`}
      title={`이번 달 사용량 ${data.usage.current}/${data.usage.limit} (${data.plan.name})`}
    >
      <span className="font-semibold tabular-nums">
        {data.usage.current}/{data.usage.limit}
      </span>
      <span className="opacity-80">{data.plan.name}</span>
    </span>
  );
}
