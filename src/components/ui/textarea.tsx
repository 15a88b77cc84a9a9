import type { Ref, TextareaHTMLAttributes } from "react";
import { cn } from "@/components/ui/cn";

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, invalid, ...props }: TextareaProps) {
  return (
    <textarea
      className={cn("textarea w-full", invalid && "textarea-error", className)}
      aria-invalid={invalid || undefined}
      {...props}
    />
  );
}
