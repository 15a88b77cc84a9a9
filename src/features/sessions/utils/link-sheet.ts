// The student link sheet's data: each link's QR code (an SVG data URL) and the CSV of the links.
import type { StudentLink } from "@shared/bulk.ts";
import { formatSeoulDateOr } from "@shared/format.ts";

export { qrDataUrl } from "@/lib/qr";

const FORMULA_START = /^[=+\-@\t\r]/;

/** A CSV cell: neutralised against formula injection, quoted when it holds `,` `"` or a line break. */
function cell(value: string | null | undefined): string {
  let s = value ?? "";
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** 이름, 수험번호, 링크, 만료일 — UTF-8 with a BOM and CRLF line ends, for spreadsheets. */
export function linkSheetCsv(links: StudentLink[]): string {
  const lines = [["이름", "수험번호", "링크", "만료일"].join(",")];
  for (const l of links) {
    lines.push([cell(l.studentName), cell(l.studentId), cell(l.url), cell(formatSeoulDateOr(l.expiresAt, "date", ""))].join(","));
  }
  return "\uFEFF" + lines.join("\r\n") + "\r\n";
}
