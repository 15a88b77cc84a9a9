// A student's results as numbers: one row per assignment (회차, 과제, 날짜, 총점 %, each category %),
// the chart's text equivalent on screen and the table of the printed growth report.
import type { StudentHistory } from "@shared/growth.ts";
import { categorySeries } from "@shared/growth.ts";
import { formatSeoulDateOr } from "@shared/format.ts";
import { cn } from "@/components/ui/cn";
import { DataTable } from "@/components/ui/data-table";
import { STUDENT_MESSAGES as M } from "@/features/students/messages";

export function GrowthTable({ history, layout = "screen" }: { history: StudentHistory; layout?: "screen" | "print" }) {
  const columns = history.categoryNames.map((name) => ({ name, values: categorySeries(history.results, name) }));
  const num = "text-right tabular-nums";
  return (
    <DataTable
      className={layout === "screen" ? "table-sm" : "table-xs w-full"}
      wrapperClassName={cn(layout === "print" && "overflow-visible")}
      region={layout === "screen" ? M.chartTitle : undefined}
      data-testid="growth-table"
      caption={<caption className="sr-only">{M.chartTitle}</caption>}
      head={
        <tr>
          <th scope="col" className={num}>
            회차
          </th>
          <th scope="col">{M.assignment}</th>
          <th scope="col">{M.date}</th>
          <th scope="col" className={num}>
            {M.total}
          </th>
          {columns.map((c) => (
            <th key={c.name} scope="col" className={num}>
              {c.name}
            </th>
          ))}
        </tr>
      }
    >
      {history.results.map((r, i) => (
        <tr key={r.submissionId}>
          <td className={num}>{M.round(i + 1)}</td>
          <th scope="row" className="font-normal">
            {r.sessionTitle}
          </th>
          <td className="whitespace-nowrap tabular-nums">{formatSeoulDateOr(r.sessionDate, "date", "-")}</td>
          <td className={num}>{M.percentCell(r.percent)}</td>
          {columns.map((c) => (
            <td key={c.name} className={num}>
              {M.percentCell(c.values[i])}
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}

/** The lines of the chart: the total first, then each category by exact name. */
export function growthSeries(history: StudentHistory) {
  return [
    { name: M.total, values: history.results.map((r) => r.percent) },
    ...history.categoryNames.map((name) => ({ name, values: categorySeries(history.results, name) })),
  ];
}

export function chartSummary(history: StudentHistory): string {
  const r = history.results;
  return r.length < 2 ? M.chartOne : M.chartSummary(r.length, r[0].percent, r[r.length - 1].percent);
}
