// A roster sheet (rows of cells, header first) → students, or every row's problem. Pure: the
// file decoding is roster-file.ts, the database checks are roster-import.ts.
import { CLASS_LIMITS, CLASS_MESSAGES, cleanRosterText } from "../../_shared/classes.ts";
import type { RosterImportRowError } from "../../_shared/types.ts";
import { HttpError } from "../lib/errors.ts";

export interface RosterRow {
  /** 1-based row of the sheet (the header is row 1). */
  row: number;
  examNumber: string;
  name: string;
  seatNumber: number | null;
}

/** Header names recognised per column (compared without spaces, case, dots or parentheses). */
const HEADERS = {
  examNumber: ["수험번호", "학번", "학생번호", "응시번호", "수험번호학번", "examnumber", "studentid", "id"],
  name: ["이름", "성명", "학생이름", "학생명", "성함", "name", "studentname"],
  seatNumber: ["번호", "출석번호", "좌석번호", "반번호", "no", "number", "seat", "seatnumber"],
} as const;

type Column = keyof typeof HEADERS;

const headerKey = (cell: string) =>
  cell
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s._()\-[\]]/g, "");

function findColumns(header: string[]): Record<Column, number> | null {
  const keys = header.map(headerKey);
  const col = (c: Column) => keys.findIndex((k) => (HEADERS[c] as readonly string[]).includes(k));
  const found = { examNumber: col("examNumber"), name: col("name"), seatNumber: col("seatNumber") };
  return found.examNumber < 0 || found.name < 0 ? null : found;
}

/** A cell as text: numbers without a fraction print as integers (a 수험번호 typed as a number). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return cleanRosterText(String(v));
}

function rejected(rows: RosterImportRowError[]): HttpError {
  return new HttpError(422, CLASS_MESSAGES.importRejected(rows.length), { message: CLASS_MESSAGES.importRejected(rows.length), rows });
}

/**
 * Reads a roster: the first non-empty row is the header (수험번호/학번…, 이름/성명…, optional
 * 번호/출석번호…); empty rows are skipped. Any bad row (missing 수험번호 or name, too long, a seat
 * that is not 1–999, a 수험번호 or seat twice in the file) → 422 listing every such row; nothing is
 * imported. No student rows → 422; more than CLASS_LIMITS.importRows → 422.
 */
export function parseRoster(sheet: unknown[][]): RosterRow[] {
  const rows = sheet.map((r) => r.map(cellText));
  const headerAt = rows.findIndex((r) => r.some((c) => c !== ""));
  if (headerAt < 0) throw new HttpError(422, CLASS_MESSAGES.importEmpty, { message: CLASS_MESSAGES.importEmpty, rows: [] });
  const cols = findColumns(rows[headerAt]);
  if (!cols) throw rejected([{ row: headerAt + 1, reason: CLASS_MESSAGES.headerMissing }]);

  const body = rows
    .map((cells, i) => ({ cells, row: i + 1 }))
    .slice(headerAt + 1)
    .filter(({ cells }) => cells.some((c) => c !== ""));
  if (body.length === 0) throw new HttpError(422, CLASS_MESSAGES.importEmpty, { message: CLASS_MESSAGES.importEmpty, rows: [] });
  if (body.length > CLASS_LIMITS.importRows) {
    throw new HttpError(422, CLASS_MESSAGES.importTooManyRows, { message: CLASS_MESSAGES.importTooManyRows, rows: [] });
  }

  const errors: RosterImportRowError[] = [];
  const out: RosterRow[] = [];
  const examRows = new Map<string, number>();
  const seatRows = new Map<number, number>();
  for (const { cells, row } of body) {
    const examNumber = cells[cols.examNumber] ?? "";
    const name = cells[cols.name] ?? "";
    const seatText = cols.seatNumber >= 0 ? (cells[cols.seatNumber] ?? "") : "";
    const reasons: string[] = [];
    if (!examNumber) reasons.push(CLASS_MESSAGES.rowExamNumberMissing);
    else if ([...examNumber].length > CLASS_LIMITS.examNumberChars) reasons.push(CLASS_MESSAGES.examNumberTooLong);
    if (!name) reasons.push(CLASS_MESSAGES.rowNameMissing);
    else if ([...name].length > CLASS_LIMITS.studentNameChars) reasons.push(CLASS_MESSAGES.studentNameTooLong);
    let seatNumber: number | null = null;
    if (seatText) {
      seatNumber = /^\d{1,3}$/.test(seatText) ? Number(seatText) : NaN;
      if (!(seatNumber >= 1 && seatNumber <= CLASS_LIMITS.maxSeat)) reasons.push(CLASS_MESSAGES.seatInvalid);
    }
    if (examNumber && examRows.has(examNumber)) reasons.push(CLASS_MESSAGES.rowDuplicateExamNumber(examNumber, examRows.get(examNumber)!));
    if (seatNumber && seatRows.has(seatNumber)) reasons.push(CLASS_MESSAGES.rowDuplicateSeat(seatNumber, seatRows.get(seatNumber)!));
    if (examNumber && !examRows.has(examNumber)) examRows.set(examNumber, row);
    if (seatNumber && !seatRows.has(seatNumber)) seatRows.set(seatNumber, row);
    if (reasons.length) errors.push({ row, reason: reasons.join(" ") });
    else out.push({ row, examNumber, name, seatNumber });
  }
  if (errors.length) throw rejected(errors);
  return out;
}

export { rejected as rosterRejected };
