import { cn } from "@/components/ui/cn";

export interface ProgressMeterProps {
  /** 0–100; the bar's width is exactly this percent (no easing), and so is aria-valuenow. */
  percent: number;
  label: string;
  /** What a screen reader hears instead of the bare percent, e.g. "5개 중 3개 완료". */
  valueText?: string;
  tone?: "primary" | "info" | "success";
  className?: string;
  testId?: string;
}

const TONE = { primary: "bg-primary", info: "bg-info", success: "bg-success" } as const;

/** A determinate progress bar whose drawn width always equals the percent shown beside it. */
export function ProgressMeter({ percent, label, valueText, tone = "primary", className, testId }: ProgressMeterProps) {
  const value = Math.round(Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
      data-testid={testId}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-base-content/15", className)}
    >
      <div
        className={cn("h-full rounded-full", TONE[tone])}
        style={{ width: `${value}%` }}
        data-testid={testId ? `${testId}-fill` : undefined}
      />
    </div>
  );
}
