import type { ReactNode } from "react";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";

export interface PageHeaderProps {
  /** The way back (a ghost link with an arrow above the title). */
  back: { to: string; label: string };
  title: string;
  description: string;
  /** More lines under the description (status, actions). */
  children?: ReactNode;
}

/** A page's back link, title and one-line description, the same on every account page. */
export function PageHeader({ back, title, description, children }: PageHeaderProps) {
  return (
    <>
      <div>
        <Link to={back.to} className={buttonClass({ variant: "ghost", size: "sm" })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {back.label}
        </Link>
      </div>
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="text-base-content/70">{description}</p>
        {children}
      </header>
    </>
  );
}
