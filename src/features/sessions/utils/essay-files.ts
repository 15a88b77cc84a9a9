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
export function addEssayFiles(
  existing: EssayFileItem[],
  incoming: File[],
  maxFiles: number,
  extensions: readonly string[],
): AddOutcome {
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
