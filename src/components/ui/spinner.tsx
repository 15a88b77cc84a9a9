import { cn } from "@/components/ui/cn";

export interface SpinnerProps {
  size?: "xs" | "sm" | "md" | "lg";
  label?: string;
  className?: string;
}

const sizes = { xs: "loading-xs", sm: "loading-sm", md: "loading-md", lg: "loading-lg" } as const;

export function Spinner({ size = "md", label, className }: SpinnerProps) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)} role="status" aria-live="polite">
      <span className={cn("loading loading-spinner", sizes[size])} aria-hidden="true" />
      {label ? <span>{label}</span> : <span className="sr-only">로딩 중...</span>}
    </span>
  );
}

export function PageSpinner({ label = "로딩 중..." }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center text-base-content/70">
      <Spinner size="lg" label={label} />
    </div>
  );
}
