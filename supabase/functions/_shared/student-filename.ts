/**
 * Student name / exam-number parsing from an answer file name (docs/product.md#student-file-names).
 * Web-standard only: used by the SPA and the edge function.
 */

export interface ParsedStudent {
  name: string;
  studentId: string;
}

const HANGUL = "\uAC00-\uD7A3";
const SEP = "[_\\s-]+";
const NAME = `[${HANGUL}]{2,4}`;
const ID = "\\d{1,12}";
const NOT_HANGUL_BEFORE = `(?<![${HANGUL}])`;
const NOT_HANGUL_AFTER = `(?![${HANGUL}])`;

const NAME_THEN_ID = new RegExp(`${NOT_HANGUL_BEFORE}(${NAME})${SEP}(${ID})(?!\\d)`, "u");
const ID_THEN_NAME = new RegExp(`(?<!\\d)(${ID})${SEP}(${NAME})${NOT_HANGUL_AFTER}`, "u");
const FIRST_HANGUL_RUN = new RegExp(`[${HANGUL}]+`, "u");
const FIRST_DIGIT_RUN = /\d+/;
/** A name that is only a 수험번호 (`20240101.txt`). */
const ONLY_ID = /^\d{3,12}$/;
const VALID_NAME = new RegExp(`^[${HANGUL}]{2,4}$`, "u");
const VALID_ID = /^\d{3,12}$/;

/** The file name without its last extension, NFC-normalised (macOS gives NFD names). */
export function baseName(filename: string): string {
  const justName = filename.split(/[\\/]/).pop() ?? "";
  const dot = justName.lastIndexOf(".");
  const stem = dot > 0 ? justName.slice(0, dot) : justName;
  return stem.normalize("NFC").trim();
}

/**
 * Name (2–4 Hangul) and id (1–12 digits) separated by `_`, space or `-`, in either order;
 * otherwise the first Hangul run and the first digit run (each may be empty). Without any Hangul the
 * digits count only when they are the whole name (`20240101.txt`): the `16` of `essay-utf16.txt` or
 * the `8` of `essay-utf8-bom.txt` is not a 수험번호.
 */
export function parseStudentFilename(filename: string): ParsedStudent {
  const stem = baseName(filename);
  const nameFirst = NAME_THEN_ID.exec(stem);
  if (nameFirst) return { name: nameFirst[1], studentId: nameFirst[2] };
  const idFirst = ID_THEN_NAME.exec(stem);
  if (idFirst) return { name: idFirst[2], studentId: idFirst[1] };
  const name = FIRST_HANGUL_RUN.exec(stem)?.[0] ?? "";
  if (!name) return { name: "", studentId: ONLY_ID.test(stem) ? stem : "" };
  return { name, studentId: FIRST_DIGIT_RUN.exec(stem)?.[0] ?? "" };
}

/** Valid only when the name is 2–4 Hangul characters and the id 3–12 digits. */
export function isValidStudent(parsed: ParsedStudent): boolean {
  return VALID_NAME.test(parsed.name) && VALID_ID.test(parsed.studentId);
}

/** Several students: more than one file and at least two names parse to valid results. */
export function isMultipleStudents(filenames: readonly string[]): boolean {
  if (filenames.length <= 1) return false;
  let valid = 0;
  for (const f of filenames) {
    if (isValidStudent(parseStudentFilename(f)) && ++valid >= 2) return true;
  }
  return false;
}
