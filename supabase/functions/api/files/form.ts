// Reading upload forms: file and text fields, student fields, text caps.
import { HttpError } from "../lib/errors.ts";
import { exceedsChars, MIN_ESSAY_LENGTH } from "../../_shared/upload-rules.ts";
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

export function essayLongEnough(text: string): boolean {
  return [...text.trim()].length >= MIN_ESSAY_LENGTH;
}

/** 413 with `message` when `text` (trimmed) is longer than `max` characters. */
export function capText(text: string, max: number, message: string): void {
  if (exceedsChars(text.trim(), max)) throw new HttpError(413, message);
}
