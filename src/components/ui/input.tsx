import type { InputHTMLAttributes, Ref } from "react";
import { fieldProps, type FieldProps } from "@/components/ui/field";

export interface InputProps extends InputHTMLAttributes<HTMLInputElement>, FieldProps {
  ref?: Ref<HTMLInputElement>;
}

export function Input(props: InputProps) {
  return <input {...fieldProps(props, "input w-full", "input-error")} />;
}
