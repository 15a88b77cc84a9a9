import type { ReactNode } from "react";
import { ArrowLeft } from "lucide-react";
import { IconLink } from "@/components/ui/icon-link";

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
        <IconLink to={back.to} icon={ArrowLeft}>
          {back.label}
        </IconLink>
      </div>
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="text-base-content/70">{description}</p>
        {children}
      </header>
    </>
  );
}
