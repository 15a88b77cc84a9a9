import { cn } from "@/components/ui/cn";

/** What every form control takes besides its element's own props: `invalid` marks it (error border + aria-invalid). */
export interface FieldProps {
  className?: string;
  invalid?: boolean;
}

/**
 * A form control's props: the daisyUI classes `base` (e.g. "input w-full"), `error` when invalid (the
 * callers spell both out, so Tailwind sees them), then the caller's classes; aria-invalid when invalid.
 */
export function fieldProps<P extends FieldProps>({ className, invalid, ...props }: P, base: string, error: string) {
  return { className: cn(base, invalid && error, className), "aria-invalid": invalid || undefined, ...props };
}
