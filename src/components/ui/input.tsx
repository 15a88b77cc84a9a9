import type { InputHTMLAttributes, Ref } from "react";
import { cn } from "@/components/ui/cn";

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, invalid, ...props }: InputProps) {
  return (
    <input
      className={cn("input w-full", invalid && "input-error", className)}
      aria-invalid={invalid || undefined}
      {...props}
    />
  );
}
