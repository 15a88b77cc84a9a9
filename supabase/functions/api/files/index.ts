// Reads one uploaded file: size checks, type from the bytes (must match the extension),
// text extraction. Throws HttpError (4xx, Korean) for anything a teacher can fix.
import { fileTypeFromBuffer } from "file-type";
import { HttpError } from "../lib/errors.ts";
import {
  ESSAY_EXTENSIONS,
  type FileKind,
  IMAGE_KINDS,
  kindFromFilename,
  MAX_FILE_SIZE_BYTES,
  MIME_BY_KIND,
  typesLabel,
  uploadMessages,
} from "../../_shared/upload-rules.ts";
import pLimit from "p-limit";
import { assertSafeZip, ZipGuardError } from "./zip-guard.ts";
import { decodeText, looksLikeText } from "./text.ts";
import { extractDocxText } from "./docx.ts";
import { extractPdfText, PdfReadError } from "./pdf.ts";
import { FileLimitError, ReadBudget } from "./budget.ts";
import { MAX_CONCURRENT_READS, MAX_EXTRACTED_CHARS, MAX_PDF_PAGES } from "./limits.ts";
import { fileLimitMessages } from "./messages.ts";

/** Extraction is CPU- and memory-heavy: a few files at a time per process, the rest wait. */
const readSlots = pLimit(MAX_CONCURRENT_READS);

function limitMessage(err: FileLimitError, kind: "txt" | "docx" | "pdf"): string {
  switch (err.problem) {
    case "textTooLong":
      return fileLimitMessages.textTooLong(MAX_EXTRACTED_CHARS);
    case "tooManyPages":
      return fileLimitMessages.pdfTooManyPages(MAX_PDF_PAGES);
    case "tooSlow":
      return fileLimitMessages.tooSlow;
    default:
      return kind === "pdf" ? fileLimitMessages.pdfTooBig : fileLimitMessages.docxTooBig;
  }
}
import { serverReadsImages } from "../grading/image-reading.ts";

export interface ReadFile {
  /** The user's file name (kept as data only). */
  originalName: string;
  kind: FileKind;
  mimeType: string;
  size: number;
  bytes: Uint8Array;
  /** Extracted text; empty for images (read at grading time). */
  text: string;
  isImage: boolean;
}

export interface ReadOptions {
  /** Extensions accepted here (setup pickers accept fewer than the essay tab). */
  extensions?: readonly string[];
  /** Form field name, used in messages (e.g. "논술 문제"). */
  label?: string;
}

const KIND_BY_SNIFFED_EXT: Record<string, FileKind> = {
  docx: "docx",
  pdf: "pdf",
  jpg: "jpg",
  png: "png",
  webp: "webp",
};

function fileNameOf(file: File): string {
  return (file.name || "file").normalize("NFC").split(/[\\/]/).pop()!.slice(0, 255);
}

/** Size and name checks that need no bytes (cheap; call for every file before reading any). */
export function checkFileMeta(file: File, opts: ReadOptions = {}): void {
  const extensions = opts.extensions ?? ESSAY_EXTENSIONS;
  const name = fileNameOf(file);
  const prefix = opts.label ? `${opts.label}: ` : "";
  if (file.size > MAX_FILE_SIZE_BYTES) throw new HttpError(413, `${prefix}${name} — ${uploadMessages.tooLarge}`);
  if (file.size === 0) throw new HttpError(400, `${prefix}${name} — ${uploadMessages.empty}`);
  const claimed = kindFromFilename(name);
  if (!claimed || !extensions.includes(`.${name.slice(name.lastIndexOf(".") + 1).toLowerCase()}`)) {
    throw new HttpError(400, `${prefix}${uploadMessages.unsupported(typesLabel(extensions))}`, {
      title: uploadMessages.typeTitle,
    });
  }
  // Images are read only by the vision model; without one the browser reads them (never OCR here).
  if (IMAGE_KINDS.includes(claimed) && !serverReadsImages()) {
    throw new HttpError(422, `${prefix}${name} — ${uploadMessages.imageOcrUnavailable}`);
  }
}

export async function readUpload(file: File, opts: ReadOptions = {}): Promise<ReadFile> {
  checkFileMeta(file, opts);
  const extensions = opts.extensions ?? ESSAY_EXTENSIONS;
  const name = fileNameOf(file);
  const prefix = opts.label ? `${opts.label}: ` : "";
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > MAX_FILE_SIZE_BYTES) throw new HttpError(413, `${prefix}${name} — ${uploadMessages.tooLarge}`);
  if (bytes.byteLength === 0) throw new HttpError(400, `${prefix}${name} — ${uploadMessages.empty}`);
  const claimed = kindFromFilename(name)!;

  let sniffed: FileKind | null = null;
  let sniffedSomething = false;
  try {
    const t = await fileTypeFromBuffer(bytes);
    if (t) {
      sniffedSomething = true;
      sniffed = KIND_BY_SNIFFED_EXT[t.ext] ?? null;
    }
  } catch {
    sniffedSomething = true;
  }
  if (claimed === "txt" && !sniffed) {
    sniffed = "txt"; // text has no magic bytes; binary content is caught by looksLikeText below
  } else if (claimed === "docx" && !sniffed && looksLikeZip(bytes)) {
    sniffed = "docx"; // a zip file-type could not classify: let the docx reader decide
  }

  if (sniffed !== claimed) {
    const corrupt = !sniffedSomething;
    if (corrupt && claimed === "docx") throw new HttpError(400, `${prefix}${name} — ${uploadMessages.corruptDocx}`);
    if (corrupt && claimed === "pdf") throw new HttpError(400, `${prefix}${name} — ${uploadMessages.pdfBroken}`);
    throw new HttpError(400, `${prefix}${name} — ${uploadMessages.mismatch(typesLabel(extensions))}`, {
      title: uploadMessages.typeTitle,
    });
  }

  const kind = claimed;
  const base = { originalName: name, kind, mimeType: MIME_BY_KIND[kind], size: bytes.byteLength, bytes };
  if (IMAGE_KINDS.includes(kind)) return { ...base, text: "", isImage: true };

  const textKind = kind as "txt" | "docx" | "pdf";
  let text: string;
  try {
    text = await readSlots(() => extractText(bytes, textKind, `${prefix}${name} — `));
  } catch (err) {
    if (err instanceof FileLimitError) {
      throw new HttpError(err.status, `${prefix}${name} — ${limitMessage(err, textKind)}`, { title: uploadMessages.sizeTitle });
    }
    throw err;
  }
  text = text.trim();
  if (!text) throw new HttpError(400, `${prefix}${name} — ${uploadMessages.noText}`);
  return { ...base, text, isImage: false };
}

/** Text of a txt/docx/pdf upload within the read budget (FileLimitError past a limit). */
async function extractText(bytes: Uint8Array, kind: "txt" | "docx" | "pdf", where: string): Promise<string> {
  const budget = new ReadBudget();
  if (kind === "txt") {
    const decoded = decodeText(bytes);
    if (!looksLikeText(decoded.text)) throw new HttpError(400, `${where}${uploadMessages.textUnreadable}`);
    budget.addChars(decoded.text.trim().length);
    return decoded.text;
  }
  if (kind === "docx") {
    try {
      await assertSafeZip(bytes, budget);
    } catch (err) {
      if (err instanceof FileLimitError) throw err;
      if (err instanceof ZipGuardError && err.problem === "tooLarge") {
        throw new HttpError(400, `${where}${uploadMessages.docxTooComplex}`);
      }
      throw new HttpError(400, `${where}${uploadMessages.corruptDocx}`);
    }
    try {
      return await extractDocxText(bytes, budget);
    } catch (err) {
      if (err instanceof FileLimitError) throw err;
      throw new HttpError(400, `${where}${uploadMessages.corruptDocx}`);
    }
  }
  try {
    return (await extractPdfText(bytes, budget)).text;
  } catch (err) {
    if (err instanceof FileLimitError) throw err;
    const problem = err instanceof PdfReadError ? err.problem : "broken";
    const message =
      problem === "encrypted" ? uploadMessages.pdfEncrypted : problem === "noText" ? uploadMessages.pdfNoText : uploadMessages.pdfBroken;
    throw new HttpError(400, `${where}${message}`);
  }
}

function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}
