import type { ReactNode } from "react";
import { Input, type InputProps } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";

export interface TextFieldProps extends Omit<InputProps, "id" | "invalid"> {
  id: string;
  label: string;
  /** The message under the field (as `${id}-error`). */
  error?: string;
  /** Marked invalid even without a message of its own (default: when there is a message). */
  invalid?: boolean;
  /** What `aria-describedby` points at (default: the field's own message when there is one). */
  describedBy?: string;
  /** Under the message, e.g. a help link. */
  children?: ReactNode;
}

/** A labelled input with its error message: the form field every auth form draws. */
export function TextField({ id, label, error, invalid = Boolean(error), describedBy, children, ...props }: TextFieldProps) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} invalid={invalid} aria-describedby={describedBy ?? (error ? `${id}-error` : undefined)} {...props} />
      <FieldError id={`${id}-error`} message={error} />
      {children}
    </div>
  );
}
