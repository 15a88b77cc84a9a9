// Reading upload forms: file and text fields, student fields, text caps.
import { HttpError } from "../lib/errors.ts";
import { exceedsChars, MIN_ESSAY_LENGTH } from "../../_shared/upload-rules.ts";
import { parseStudentFilename } from "../../_shared/student-filename.ts";
import { formMessages } from "./messages.ts";

export function fileField(form: FormData, name: string): File | null {
  const v = form.get(name);
  if (!(v instanceof File)) return null;
  if (v.size === 0 && !v.name) return null; // an empty <input type=file>
  return v;
}

export function textField(form: FormData, name: string): string | null {
  const v = form.get(name);
  return typeof v === "string" ? v : null;
}

/** A student name or number: NFC, trimmed, ≤ 50 characters (400 otherwise); empty → null. */
export function cleanStudentField(v: string | null | undefined): string | null {
  const t = (v ?? "").normalize("NFC").trim();
  if (t.length > 50) throw new HttpError(400, formMessages.studentFieldTooLong);
  return t || null;
}

/**
 * The student name and number read from an answer's file name, held to the same rule as typed ones
 * (at most 50 characters each, kept to the first 50; none → null): a long run of Hangul or digits in
 * a file name is not refused, and never stored longer than a typed name may be.
 */
export function studentFromFilename(filename: string): { studentName: string | null; studentId: string | null } {
  const parsed = parseStudentFilename(filename);
  return { studentName: parsed.name.slice(0, 50) || null, studentId: parsed.studentId.slice(0, 50) || null };
}

export function essayLongEnough(text: string): boolean {
  return [...text.trim()].length >= MIN_ESSAY_LENGTH;
}

/** 413 with `message` when `text` (trimmed) is longer than `max` characters. */
export function capText(text: string, max: number, message: string): void {
  if (exceedsChars(text.trim(), max)) throw new HttpError(413, message);
}
