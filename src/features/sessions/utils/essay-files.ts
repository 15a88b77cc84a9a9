import { parseStudentFilename } from "@shared/student-filename.ts";
import { isAcceptedFilename } from "@shared/upload-rules.ts";

export interface EssayFileItem {
  key: string;
  file: File;
  studentName: string;
  studentId: string;
}

export type AddOutcome =
  | { kind: "added"; items: EssayFileItem[]; rejected: File[]; truncatedTo?: number }
  | { kind: "upgrade"; rejected: File[] }
  | { kind: "none"; rejected: File[] };

let seq = 0;

export function toItem(file: File): EssayFileItem {
  const parsed = parseStudentFilename(file.name);
  seq += 1;
  return { key: `${seq}-${file.name}-${file.size}`, file, studentName: parsed.name, studentId: parsed.studentId };
}

/**
 * docs/product.md#files: files of another type are refused; if existing + new would pass the plan's limit the files
 * are not added (upgrade notice) — except a first multi-file pick, which keeps the first maxFiles.
 */
export function addEssayFiles(existing: EssayFileItem[], incoming: File[], maxFiles: number, extensions: readonly string[]): AddOutcome {
  const rejected = incoming.filter((f) => !isAcceptedFilename(f.name, extensions));
  let accepted = incoming.filter((f) => isAcceptedFilename(f.name, extensions));
  if (accepted.length === 0) return { kind: "none", rejected };
  let truncatedTo: number | undefined;
  if (existing.length + accepted.length > maxFiles) {
    if (existing.length === 0 && maxFiles > 1) {
      accepted = accepted.slice(0, maxFiles);
      truncatedTo = maxFiles;
    } else {
      return { kind: "upgrade", rejected };
    }
  }
  return { kind: "added", items: [...existing, ...accepted.map(toItem)], rejected, truncatedTo };
}

/** One problem with a chosen file, shown together with every other one. */
export interface FileProblem {
  name: string;
  message: string;
}

export const FILE_PROBLEM_TEXT = {
  title: (n: number) => `확인이 필요한 파일 ${n}개`,
  wrongType: (types: string) => `${types} 형식이 아닙니다.`,
  tooLarge: (limit: string) => `${limit}를 초과합니다.`,
  empty: "빈 파일입니다.",
  unreadable: "텍스트를 읽을 수 없습니다.",
} as const;

/** The text of a .txt file as the server reads it: a BOM picks UTF-8/UTF-16, else UTF-8, else CP949. */
export function decodeTextBytes(bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) text = new TextDecoder("utf-8").decode(bytes.subarray(3));
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder("utf-16le").decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder("utf-16be").decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder("euc-kr").decode(bytes);
    }
  }
  return text.replace(/^\uFEFF/, "").normalize("NFC");
}

async function fileBytes(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

export interface FileCheckRules {
  extensions: readonly string[];
  typesLabel: string;
  maxBytes: number;
  maxBytesLabel: string;
}

/**
 * Checks every chosen file at once (docs/product.md#files): type by extension, size, empty file and,
 * for .txt, an answer shorter than the minimum. Returns the files that pass and every problem found.
 */
export async function checkEssayFiles(
  files: readonly File[],
  rules: FileCheckRules,
): Promise<{ accepted: File[]; problems: FileProblem[] }> {
  const accepted: File[] = [];
  const problems: FileProblem[] = [];
  for (const file of files) {
    const problem = await checkOne(file, rules);
    if (problem) problems.push({ name: file.name, message: problem });
    else accepted.push(file);
  }
  return { accepted, problems };
}

async function checkOne(file: File, rules: FileCheckRules): Promise<string | null> {
  if (!isAcceptedFilename(file.name, rules.extensions)) return FILE_PROBLEM_TEXT.wrongType(rules.typesLabel);
  if (file.size > rules.maxBytes) return FILE_PROBLEM_TEXT.tooLarge(rules.maxBytesLabel);
  if (file.size === 0) return FILE_PROBLEM_TEXT.empty;
  if (!file.name.toLowerCase().endsWith(".txt")) return null;
  let text: string;
  try {
    text = decodeTextBytes(await fileBytes(file));
  } catch {
    return FILE_PROBLEM_TEXT.unreadable;
  }
  // Only an empty file is refused here: the minimum length is the server's rule (one rule for typed,
  // file and photo answers), and a short answer in a batch is recorded there with its student.
  if ([...text.trim()].length === 0) return FILE_PROBLEM_TEXT.empty;
  return null;
}
