import type { ButtonHTMLAttributes, Ref } from "react";
import { cn } from "@/components/ui/cn";

export type ButtonVariant = "primary" | "secondary" | "accent" | "outline" | "ghost" | "link" | "destructive" | "neutral";
export type ButtonSize = "xs" | "sm" | "md" | "lg";

const variants: Record<ButtonVariant, string> = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  accent: "btn-accent",
  outline: "btn-outline",
  ghost: "btn-ghost",
  link: "btn-link",
  destructive: "btn-error",
  neutral: "btn-neutral",
};
const sizes: Record<ButtonSize, string> = { xs: "btn-xs", sm: "btn-sm", md: "", lg: "btn-lg" };

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function buttonClass({ variant = "primary", size = "md", block }: Pick<ButtonProps, "variant" | "size" | "block"> = {}) {
  return cn("btn", variants[variant], sizes[size], block && "btn-block");
}

export function Button({ variant, size, loading, block, className, disabled, children, type = "button", ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonClass({ variant, size, block }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
