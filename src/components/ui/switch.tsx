import type { InputHTMLAttributes, Ref } from "react";
import { cn } from "@/components/ui/cn";

export interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "onChange"> {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  label?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Switch({ checked, onCheckedChange, label, className, id, ...props }: SwitchProps) {
  const input = (
    <input
      id={id}
      type="checkbox"
      role="switch"
      className={cn("toggle toggle-primary", className)}
      checked={checked}
      aria-checked={checked}
      onChange={(event) => onCheckedChange?.(event.target.checked)}
      {...props}
    />
  );
  if (!label) return input;
  return (
    <label className="inline-flex cursor-pointer items-center gap-3">
      {input}
      <span className="text-sm">{label}</span>
    </label>
  );
}
