import { cn } from "@/components/ui/cn";

export interface ProgressProps {
  value: number;
  max?: number;
  variant?: "primary" | "secondary" | "accent" | "success" | "warning" | "info" | "error";
  className?: string;
  label?: string;
}

export function Progress({ value, max = 100, variant = "primary", className, label }: ProgressProps) {
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), max);
  return (
    <progress
      className={cn("progress w-full", `progress-${variant}`, className)}
      value={clamped}
      max={max}
      aria-label={label}
    />
  );
}
