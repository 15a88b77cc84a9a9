import type { Ref, SelectHTMLAttributes } from "react";
import { cn } from "@/components/ui/cn";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  options?: SelectOption[];
  placeholder?: string;
  invalid?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ options, placeholder, invalid, className, children, ...props }: SelectProps) {
  return (
    <select className={cn("select w-full", invalid && "select-error", className)} aria-invalid={invalid || undefined} {...props}>
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options?.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
      {children}
    </select>
  );
}
