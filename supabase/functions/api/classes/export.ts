// GET /classes/:id/export.xlsx: the class over the term as a spreadsheet. Sheet 1, one row per
// student of the roster: 수험번호, 이름, 번호, then per assignment the total in points and in percent
// (empty where there is no graded answer). Sheet 2, one row per assignment: the class averages of
// the total and of each category (percent of each result's own maximum). Text stays text (no cell
// of a student's name is ever a formula); the Korean file name travels in RFC 5987 form.
import writeXlsxFile from "write-excel-file/universal";
import type { Cell, SheetData } from "write-excel-file/universal";
import { defineRoute, type Route } from "../lib/types.ts";
import { attachmentHeader } from "../lib/http.ts";
import { idParams } from "../lib/params.ts";
import { loadClassMatrix } from "./matrix-data.ts";
import { formatSeoulDateOr } from "../../_shared/format.ts";
import type { ClassMatrix } from "../../_shared/growth.ts";
import { CLASS_GROWTH_MESSAGES as M } from "./growth-messages.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const text = (value: string): Cell => ({ type: String, value });
const number = (value: number | null | undefined): Cell => (value === null || value === undefined ? null : { type: Number, value });
const header = (value: string): Cell => ({ type: String, value, fontWeight: "bold" });

/** The per-student sheet: one row per student, points and percent per assignment. */
export function scoresSheet(m: ClassMatrix): SheetData {
  const head: Cell[] = [header(M.examNumber), header(M.name), header(M.seatNumber)];
  for (const a of m.assignments) head.push(header(`${a.title} ${M.points}`), header(`${a.title} ${M.percent}`));
  const rows: Cell[][] = m.students.map((s) => [
    text(s.examNumber),
    text(s.name),
    number(s.seatNumber),
    ...s.cells.flatMap((c) => [number(c?.score), number(c?.percent)]),
  ]);
  return [head, ...rows];
}

/** The per-assignment sheet: graded count, the class average of the total and of each category, in percent. */
export function averagesSheet(m: ClassMatrix): SheetData {
  const head: Cell[] = [
    header(M.assignment),
    header(M.date),
    header(M.gradedCount),
    header(`${M.total} ${M.percent}`),
    ...m.categoryNames.map((n) => header(`${n} ${M.percent}`)),
  ];
  const rows: Cell[][] = m.assignments.map((a, i) => [
    text(a.title),
    text(formatSeoulDateOr(a.date, "date", "")),
    number(m.students.filter((s) => s.cells[i] !== null).length),
    number(a.averagePercent),
    ...m.categoryNames.map((n) => number(a.categoryAverages.find((c) => c.name === n)?.percent)),
  ]);
  return [head, ...rows];
}

/** `<class name>_성적.xlsx`, characters Windows refuses replaced. */
export function classExportFilename(className: string): string {
  const safe = className
    .replace(/[\\/:*?"<>|\s]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 60);
  return `${safe || "반"}_${M.filenameSuffix}.xlsx`;
}

export const exportRoutes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/classes/:id/export.xlsx",
    auth: "user",
    params: idParams(M.classNotFound),
    handler: async (ctx) => {
      const m = await ctx.asCaller((sql) => loadClassMatrix(sql, ctx.user.id, ctx.params.id));
      const blob = await writeXlsxFile([
        { data: scoresSheet(m), sheet: M.scoresSheet, stickyRowsCount: 1 },
        { data: averagesSheet(m), sheet: M.averagesSheet, stickyRowsCount: 1 },
      ]).toBlob();
      return new Response(blob, {
        status: 200,
        headers: {
          "Content-Type": XLSX_TYPE,
          "Content-Disposition": attachmentHeader(classExportFilename(m.class.name)),
          "Cache-Control": "no-store",
        },
      });
    },
  }),
];
