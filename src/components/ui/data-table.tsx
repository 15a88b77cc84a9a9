import type { ReactNode, TableHTMLAttributes } from "react";
import { cn } from "@/components/ui/cn";

/** A header cell: its text, or the text with `end` (right-aligned, for numbers) and extra classes. */
export type DataTableColumn = string | { label: ReactNode; end?: boolean; className?: string };

export interface DataTableProps extends TableHTMLAttributes<HTMLTableElement> {
  /** One plain header row; or `head` for header rows of one's own (e.g. sort buttons). */
  columns?: DataTableColumn[];
  head?: ReactNode;
  caption?: ReactNode;
  /** Classes of the horizontally scrolling box around the table. */
  wrapperClassName?: string;
  /** Makes the scrolling box a labelled, focusable region (so a keyboard can scroll it). */
  region?: string;
  /** The body rows. */
  children: ReactNode;
}

/** A daisyUI table in a horizontally scrolling box: the shell every data table of the app shares. */
export function DataTable({ columns, head, caption, wrapperClassName, region, className, children, ...props }: DataTableProps) {
  return (
    <div className={cn("overflow-x-auto", wrapperClassName)} {...(region ? { role: "region", "aria-label": region, tabIndex: 0 } : {})}>
      <table className={cn("table", className)} {...props}>
        {caption}
        <thead>
          {head ?? (
            <tr>
              {columns?.map((c, i) =>
                typeof c === "string" ? (
                  <th key={i}>{c}</th>
                ) : (
                  <th key={i} className={cn(c.end && "text-right", c.className) || undefined}>
                    {c.label}
                  </th>
                ),
              )}
            </tr>
          )}
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
