import type { Ref, TextareaHTMLAttributes } from "react";
import { fieldProps, type FieldProps } from "@/components/ui/field";

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldProps {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea(props: TextareaProps) {
  return <textarea {...fieldProps(props, "textarea w-full", "textarea-error")} />;
}
