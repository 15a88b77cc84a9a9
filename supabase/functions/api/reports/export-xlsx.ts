// A session's results as an .xlsx workbook: one row per student (their latest graded answer), by
// 수험번호, with the final scores (the same values as results.csv, from results.ts), the final
// feedback and whether the teacher completed the review.
import writeXlsxFile, { type Cell, type Row } from "write-excel-file/universal";
import type { AuthUser, Ctx } from "../lib/types.ts";
import { ownedSession } from "../lib/workspace/sessions.ts";
import { attachmentHeader } from "./report.ts";
import { resultsCsvFilename } from "./csv.ts";
import {
  byStudentNumber,
  categoryNames,
  type CsvSubmissionRow,
  finalFeedback,
  finalValues,
  latestPerStudent,
  selectResultRows,
} from "./results.ts";

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const header = (value: string): Cell => ({ value, type: String, fontWeight: "bold", wrap: true });
const text = (value: string | null | undefined): Cell => (value ? { value, type: String, wrap: true } : null);
const number = (value: number | null): Cell => (value === null ? null : { value, type: Number });
const lines = (items: string[]) => items.map((s) => `• ${s}`).join("\n");

/** The sheet: a header row, then one row per student. */
export function resultsSheet(rows: CsvSubmissionRow[]): { data: Row[]; widths: number[] } {
  const categories = categoryNames(rows);
  const head = [
    "수험번호",
    "이름",
    "총점",
    "만점",
    ...categories,
    "우수한 점",
    "개선이 필요한 점",
    "종합 평가",
    "향후 개선 방안",
    "검토 완료",
  ];
  const data: Row[] = [head.map(header)];
  for (const r of byStudentNumber(latestPerStudent(rows))) {
    const v = finalValues(r);
    const f = finalFeedback(r);
    data.push([
      text(r.student_id),
      text(r.student_name),
      number(v.total),
      number(v.max),
      ...categories.map((name) => number(v.score(name))),
      text(lines(f.strengths)),
      text(lines(f.improvementAreas)),
      text(f.detailedFeedback),
      text(lines(f.suggestions)),
      text(v.reviewed === null ? "" : v.reviewed ? "예" : "아니오"),
    ]);
  }
  const widths = [12, 10, 7, 7, ...categories.map(() => 12), 40, 40, 50, 40, 9];
  return { data, widths };
}

/** GET /sessions/:id/export.xlsx */
export async function resultsXlsxDownload(ctx: Ctx<{ id: string }, AuthUser>): Promise<Response> {
  const s = await ownedSession(ctx, ctx.params.id);
  const rows = await ctx.asCaller((sql) => selectResultRows(sql, s.id, s.user_id));
  const { data, widths } = resultsSheet(rows);
  const blob = await writeXlsxFile(data, { sheet: "채점 결과", columns: widths.map((width) => ({ width })), stickyRowsCount: 1 }).toBlob();
  return new Response(blob, {
    status: 200,
    headers: {
      "Content-Type": XLSX_MIME,
      "Content-Disposition": attachmentHeader(resultsCsvFilename(s.prompt_filename, "xlsx")),
      "Cache-Control": "no-store",
    },
  });
}
