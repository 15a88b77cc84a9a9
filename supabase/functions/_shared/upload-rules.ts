/**
 * File upload rules shared by the SPA and the edge function (docs/product.md#files, #roles-and-plans, #limits).
 */

export type FileKind = "txt" | "docx" | "pdf" | "jpg" | "png" | "webp";

export const MAX_FILE_SIZE_BYTES = 10 * 1024 * 1024;
export const MAX_FILE_SIZE_LABEL = "10MB";
export const MIN_ESSAY_LENGTH = 100;

/**
 * Longest text accepted, in characters (Unicode code points, after NFC + trim), for an answer,
 * a question (논술 문제, with its 제시문) and grading criteria. A university 논술 answer is
 * about 600–1,800자 and a question with several 제시문 rarely passes 8,000자, so 20,000자 leaves
 * ten times the longest real answer while bounding what one use sends to the model
 * (question + criteria + answer ≤ 60,000자, roughly 60–90k tokens in the worst case).
 */
export const MAX_ESSAY_CHARS = 20_000;
export const MAX_PROMPT_CHARS = 20_000;
export const MAX_CRITERIA_CHARS = 20_000;

/** `20000` → `20,000` (no Intl needed). */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Characters (code points) of `text`, counting no further than `limit + 1` (bounded work for huge input). */
export function charCount(text: string, limit = Number.MAX_SAFE_INTEGER): number {
  // UTF-16 length ≥ code points, so a short string needs no walk.
  if (text.length <= limit) {
    let n = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 0xdc00 || c > 0xdfff || i === 0 || (text.charCodeAt(i - 1) & 0xfc00) !== 0xd800) n++;
    }
    return n;
  }
  let n = 0;
  for (const _ of text) {
    if (++n > limit) return n;
  }
  return n;
}

/** True when `text` has more than `max` characters. */
export function exceedsChars(text: string, max: number): boolean {
  return charCount(text, max) > max;
}

export const KIND_BY_EXTENSION: Readonly<Record<string, FileKind>> = {
  txt: "txt",
  docx: "docx",
  pdf: "pdf",
  jpg: "jpg",
  jpeg: "jpg",
  png: "png",
  webp: "webp",
};

export const MIME_BY_KIND: Readonly<Record<FileKind, string>> = {
  txt: "text/plain",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

export const IMAGE_KINDS: readonly FileKind[] = ["jpg", "png", "webp"];

/** Extensions accepted for answers (essay tab). */
export const ESSAY_EXTENSIONS = [".txt", ".docx", ".pdf", ".jpg", ".jpeg", ".png", ".webp"] as const;
/** Extensions accepted by the setup pickers (prompt and criteria). */
export const SETUP_EXTENSIONS = [".txt", ".docx", ".pdf", ".jpg", ".png"] as const;

export const ESSAY_ACCEPT = ESSAY_EXTENSIONS.join(",");
export const SETUP_ACCEPT = SETUP_EXTENSIONS.join(",");

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot >= 0 ? filename.slice(dot + 1).toLowerCase() : "";
}

export function kindFromFilename(filename: string): FileKind | null {
  return KIND_BY_EXTENSION[extensionOf(filename)] ?? null;
}

export function isAcceptedFilename(filename: string, extensions: readonly string[] = ESSAY_EXTENSIONS): boolean {
  return extensions.includes(`.${extensionOf(filename)}`);
}

/** "TXT, DOCX, PDF, JPG, PNG" for messages. */
export function typesLabel(extensions: readonly string[]): string {
  return extensions
    .filter((e) => e !== ".jpeg")
    .map((e) => e.slice(1).toUpperCase())
    .join(", ");
}

/** Size in KB to one decimal, e.g. `12.3 KB`. */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export const uploadMessages = {
  typeTitle: "파일 형식 안내",
  /** An image reached a server without a vision model; the browser reads images there (422). */
  imageOcrUnavailable: "이 서버에는 이미지 글자 인식 기능이 없습니다. 화면에서 인식된 글을 확인한 뒤 제출해 주세요.",
  sizeTitle: "파일 크기 안내",
  tooLarge: `파일 크기는 ${MAX_FILE_SIZE_LABEL}를 초과할 수 없습니다.`,
  tooLargeNamed: (name: string) => `${name}: 파일 크기는 ${MAX_FILE_SIZE_LABEL}를 초과할 수 없습니다.`,
  empty: "빈 파일입니다. 내용이 있는 파일을 선택해 주세요.",
  mismatch: (types: string) => `파일 형식 안내: 파일 내용이 확장자와 일치하지 않습니다. ${types} 형식의 파일을 선택해 주세요.`,
  unsupported: (types: string) => `파일 형식 안내: ${types} 형식의 파일을 선택해 주세요.`,
  corruptDocx: "Word 문서(.docx)를 읽을 수 없습니다. 파일이 손상되었는지 확인해 주세요.",
  docxTooComplex: "Word 문서(.docx)의 압축 해제 크기가 너무 커서 처리할 수 없습니다.",
  pdfEncrypted: "암호가 걸린 PDF는 읽을 수 없습니다. 암호를 해제한 뒤 다시 올려 주세요.",
  pdfBroken: "PDF 파일을 읽을 수 없습니다. 파일이 손상되었는지 확인해 주세요.",
  pdfNoText: "PDF에서 텍스트를 찾을 수 없습니다. 스캔한 문서라면 JPG 또는 PNG 이미지로 올려 주세요.",
  textUnreadable: "텍스트 파일을 읽을 수 없습니다. UTF-8 또는 한글(CP949) 인코딩의 텍스트 파일인지 확인해 주세요.",
  noText: "파일에서 내용을 찾을 수 없습니다.",
  essayTooShort: "최소 100자 이상 작성해주세요.",
  essayTooLong: `답안이 너무 깁니다. ${formatCount(MAX_ESSAY_CHARS)}자 이내로 제출해 주세요.`,
  batchFilesRefused: (count: number, names: string[]) =>
    `파일 ${count}개를 올릴 수 없습니다 (${names.slice(0, 5).join(", ")}${names.length > 5 ? ` 외 ${names.length - 5}개` : ""}). 각 파일의 사유를 확인하고 고친 뒤 다시 올려 주세요.`,
  essayTooLongNamed: (name: string) => `${name}: 답안이 너무 깁니다. ${formatCount(MAX_ESSAY_CHARS)}자 이내로 제출해 주세요.`,
  promptTooLong: `논술 문제가 너무 깁니다. ${formatCount(MAX_PROMPT_CHARS)}자 이내로 올려 주세요.`,
  criteriaTooLong: `평가 기준이 너무 깁니다. ${formatCount(MAX_CRITERIA_CHARS)}자 이내로 올려 주세요.`,
  essayLimitHint: `${formatCount(MAX_ESSAY_CHARS)}자 이내`,
  essayFileMissing: "답안 파일을 업로드해주세요.",
  promptRequired: "논술 문제 파일을 업로드해주세요.",
  upgradeTitle: "업그레이드 안내",
  upgradeFiles: "더 많은 파일을 동시 업로드하시려면 상위 플랜으로 업그레이드해 주세요.",
  batchNotAllowed:
    "여러 답안 첨삭은 교육자 플랜 또는 기업 플랜에서만 사용할 수 있습니다. 교육자 플랜 또는 기업 플랜으로 업그레이드해 주세요.",
  batchTooMany: (n: number) => `현재 플랜에서는 한 번에 최대 ${n}개 파일까지 업로드할 수 있습니다.`,
} as const;
