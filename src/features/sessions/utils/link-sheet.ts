// The student link sheet's data: each link's QR code (an SVG data URL) and the CSV of the links.
import type { StudentLink } from "@shared/bulk.ts";
import { formatSeoulDateOr } from "@shared/format.ts";

/** A QR code of `url` as an SVG data URL (error correction M, a 4-module quiet zone as the standard asks). */
export async function qrDataUrl(url: string): Promise<string> {
  // Loaded when a sheet is made, not with the dashboard.
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

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
