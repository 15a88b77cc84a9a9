import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { buttonClass, type ButtonSize, type ButtonVariant } from "@/components/ui/button";

export interface IconLinkProps {
  to: string;
  icon: LucideIcon;
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
}

/** A link drawn as a button, with an icon before its text (the ways back and home). */
export function IconLink({ to, icon: Icon, variant = "ghost", size = "sm", children }: IconLinkProps) {
  return (
    <Link to={to} className={buttonClass({ variant, size })}>
      <Icon className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
