import { cn } from "@/components/ui/cn";

export interface ProgressProps {
  value: number;
  max?: number;
  variant?: "primary" | "secondary" | "accent" | "success" | "warning" | "info" | "error";
  className?: string;
  label?: string;
}

// Literal class names so Tailwind generates every variant.
const VARIANT_CLASS: Record<NonNullable<ProgressProps["variant"]>, string> = {
  primary: "progress-primary",
  secondary: "progress-secondary",
  accent: "progress-accent",
  success: "progress-success",
  warning: "progress-warning",
  info: "progress-info",
  error: "progress-error",
};

export function Progress({ value, max = 100, variant = "primary", className, label }: ProgressProps) {
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), max);
  return <progress className={cn("progress w-full", VARIANT_CLASS[variant], className)} value={clamped} max={max} aria-label={label} />;
}
