// Roster files for the class tests (CSV in UTF-8 / CP949, .xlsx), built in memory; classes through the API.
import writeXlsxFile from "write-excel-file/node";
import iconv from "iconv-lite";
import { api, type TestUser } from "./users.ts";
import { fileOf } from "./files.ts";

export const SURNAMES = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임"];
export const GIVEN = ["민수", "서연", "지훈", "하은", "도윤", "수아", "예준", "지우", "시우", "서윤"];

/** `n` students: 수험번호 `base + i`, distinct names, seat i + 1. */
export function rosterOf(n: number, base = 20240101): { examNumber: string; name: string; seat: number }[] {
  return Array.from({ length: n }, (_, i) => ({
    examNumber: String(base + i),
    name: `${SURNAMES[i % 10]}${GIVEN[Math.floor(i / 10) % 10]}`,
    seat: i + 1,
  }));
}

/** CSV text of `rows` (cells quoted when they hold a comma or a quote), CRLF. */
export function csvText(rows: (string | number)[][]): string {
  const cell = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  return rows.map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

export const csvUtf8 = (rows: (string | number)[][], bom = true) =>
  Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(csvText(rows), "utf8")]);
export const csvCp949 = (rows: (string | number)[][]) => iconv.encode(csvText(rows), "cp949");

/** An .xlsx of one sheet holding `rows` (numbers stay numbers, as a spreadsheet types 수험번호). */
export async function xlsxOf(rows: (string | number | null)[][]): Promise<Buffer> {
  return await writeXlsxFile(rows.map((r) => r.map((v) => (v === null ? null : { value: v })))).toBuffer();
}

export async function createClass(user: TestUser, name = "1학년 3반", extra: Record<string, unknown> = {}): Promise<any> {
  const res = await api("/classes", { token: user.token, json: { name, ...extra } });
  if (res.status !== 201) throw new Error(`POST /classes: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export function importRoster(user: TestUser, classId: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append("file", fileOf(bytes, name));
  return api(`/classes/${classId}/students/import`, { token: user.token, form });
}
