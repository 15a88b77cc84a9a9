// A roster upload (CSV in UTF-8 with or without BOM, UTF-16 or CP949; or .xlsx) → rows of cells.
import readXlsxFile from "read-excel-file/universal";
import { CLASS_LIMITS, CLASS_MESSAGES } from "../../_shared/classes.ts";
import { HttpError } from "../lib/errors.ts";
import { decodeText, detectEncoding } from "../files/text.ts";
import { assertSafeZip, ZipGuardError } from "../files/zip-guard.ts";

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** RFC 4180 CSV (quotes, doubled quotes, CRLF or LF; comma, or tab when the header has tabs and no comma). */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.indexOf("\n") >= 0 ? text.indexOf("\n") : text.length);
  const sep = !firstLine.includes(",") && firstLine.includes("\t") ? "\t" : firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else if (ch !== "\r") cell += ch;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * The rows of a roster file: .xlsx (the first sheet; checked against zip bombs first) or CSV
 * (any other name; decoded as .txt answers are). Over CLASS_LIMITS.importBytes → 413; a file that
 * is neither → 400; an unreadable workbook → 422.
 */
export async function readRosterFile(file: File): Promise<unknown[][]> {
  if (file.size > CLASS_LIMITS.importBytes) throw new HttpError(413, CLASS_MESSAGES.importTooLarge);
  if (file.size === 0) throw new HttpError(400, CLASS_MESSAGES.importFileMissing);
  const name = file.name.toLowerCase();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const isZip = ZIP_MAGIC.every((b, i) => bytes[i] === b);
  if (name.endsWith(".xlsx") || isZip) {
    if (!isZip) throw new HttpError(400, CLASS_MESSAGES.importUnreadable);
    try {
      await assertSafeZip(bytes);
      const sheets = await readXlsxFile(new Blob([bytes]));
      return (sheets[0]?.data ?? []) as unknown[][];
    } catch (err) {
      if (err instanceof HttpError) throw err;
      // A zip bomb (ZipGuardError) or a damaged workbook.
      if (err instanceof ZipGuardError || err instanceof Error) throw new HttpError(422, CLASS_MESSAGES.importUnreadable);
      throw err;
    }
  }
  if (!/\.(csv|txt|tsv)$/.test(name)) throw new HttpError(400, CLASS_MESSAGES.importFileType);
  // UTF-16 carries NUL bytes; any other text with them is a binary file.
  if (bytes.includes(0) && !detectEncoding(bytes).encoding.startsWith("utf-16")) throw new HttpError(400, CLASS_MESSAGES.importFileType);
  return parseCsv(decodeText(bytes).text);
}
