// Decides an attachment's type from its bytes (never from the name or the client's MIME type).
import { fileTypeFromBuffer } from "file-type";

export interface SniffedType {
  fileType: "image" | "document";
  mime: string;
  ext: string;
}

const IMAGES: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
};
const PDF = "application/pdf";
export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const ascii = (s: string) => new TextEncoder().encode(s);

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** A zip whose entries include `word/document.xml` (file-type only inspects the first entries). */
export function looksLikeDocx(bytes: Uint8Array): boolean {
  const isZip = bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  return isZip && indexOf(bytes, ascii("word/document.xml")) >= 0;
}

/** UTF-8 (optionally with BOM) text without NUL or other binary control characters. */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  return !/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text);
}

export async function sniffAttachment(bytes: Uint8Array): Promise<SniffedType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    if (IMAGES[detected.mime]) return { fileType: "image", mime: detected.mime, ext: IMAGES[detected.mime] };
    if (detected.mime === PDF) return { fileType: "document", mime: PDF, ext: "pdf" };
    if (detected.ext === "docx" || ((detected.ext === "zip" || detected.mime === "application/zip") && looksLikeDocx(bytes))) {
      return { fileType: "document", mime: DOCX_MIME, ext: "docx" };
    }
    return null;
  }
  if (looksLikeDocx(bytes)) return { fileType: "document", mime: DOCX_MIME, ext: "docx" };
  if (looksLikeText(bytes)) return { fileType: "document", mime: "text/plain", ext: "txt" };
  return null;
}
