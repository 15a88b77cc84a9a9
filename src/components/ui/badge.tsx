import type { HTMLAttributes } from "react";
import { cn } from "@/components/ui/cn";

export type BadgeVariant =
  "default" | "primary" | "secondary" | "accent" | "outline" | "success" | "warning" | "info" | "destructive" | "ghost";

const variants: Record<BadgeVariant, string> = {
  default: "badge-neutral",
  primary: "badge-primary",
  secondary: "badge-secondary",
  accent: "badge-accent",
  outline: "badge-outline",
  success: "badge-success",
  warning: "badge-warning",
  info: "badge-info",
  destructive: "badge-error",
  ghost: "badge-ghost",
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
  size?: "xs" | "sm" | "md" | "lg";
}

export function Badge({ variant = "default", size = "md", className, ...props }: BadgeProps) {
  const sizeClass = size === "md" ? "" : `badge-${size}`;
  return <span className={cn("badge", variants[variant], sizeClass, className)} {...props} />;
}
