// Photographed or scanned files (answers, questions, criteria) are read only by the vision model.
// The function never runs OCR (edge-runtime: no Worker, 256 MB, a 20 MB bundle): without an LLM
// key the browser reads images (src/features/workspace/ocr) and submits the reviewed text, and
// an image that still reaches the server is refused at upload (files/index.ts, 422).
import { settings } from "../lib/settings.ts";
import { type ExpectedObject, getObject, StoredObjectError } from "../lib/storage.ts";
import { charCount, MIN_ESSAY_LENGTH, uploadMessages } from "../../_shared/upload-rules.ts";
import { GradingError, type LlmConfig, llmClient, requestTranscription, type UsageSink, withRetries } from "./llm.ts";
import type { LlmTranscription } from "./schemas.ts";

/** Whether this server reads images itself (`GET /api/config` → `serverOcr`). */
export function serverReadsImages(): boolean {
  return Boolean(settings.llm.apiKey);
}

/** The model's configuration from the settings; null without LLM_API_KEY. */
export function llmConfigFromSettings(): LlmConfig | null {
  return settings.llm.apiKey
    ? {
        baseURL: settings.llm.baseUrl,
        apiKey: settings.llm.apiKey,
        model: settings.llm.model,
        timeoutMs: settings.llm.timeoutMs,
        maxAttempts: settings.llm.maxAttempts,
        backoffMs: settings.llm.backoffMs,
      }
    : null;
}

function base64Of(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/**
 * A stored original as base64, through the one path guard (lib/storage.ts): a path that is not
 * the row owner's server-made object name ends the job as an error without any request.
 */
async function downloadBase64(path: string, expected: ExpectedObject): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await getObject(path, expected);
  } catch (err) {
    if (err instanceof StoredObjectError) throw new GradingError(err.message, !err.refused);
    throw err;
  }
  return base64Of(bytes);
}

export const transcriptionMessages = {
  /** A photo partly legible: the teacher checks the text read before it is graded (422 with `needsConfirmation`). */
  confirm: "사진의 일부 글씨를 읽기 어렵습니다. 읽은 글을 확인하고 고친 뒤 제출해 주세요.",
  /** A batch photo partly legible: not graded; the teacher submits the checked text. */
  confirmBatch: "사진의 일부 글씨를 읽기 어려워 채점하지 않았습니다. 사진을 다시 찍어 올리거나 답안을 확인해 직접 입력해 주세요.",
  /** The vision call failed (after its retries). */
  failed: "사진의 글을 읽지 못했습니다. 잠시 후 다시 시도하거나 답안을 직접 입력해 주세요.",
  empty: "사진에서 글자를 읽지 못했습니다. 더 선명한 사진을 올리거나 답안을 직접 입력해 주세요.",
  illegible: "사진의 글씨를 알아볼 수 없습니다. 밝은 곳에서 글씨가 또렷하게 나오도록 다시 찍어 올리거나 답안을 직접 입력해 주세요.",
  notText: "사진에서 읽은 내용이 학생 답안으로 보이지 않습니다. 답안이 찍힌 사진을 다시 올리거나 답안을 직접 입력해 주세요.",
} as const;

/** Text that looks like structured data (a JSON object or array, or a fenced JSON block), not handwriting. */
export function looksLikeJson(text: string): boolean {
  const t = text
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  if (/^[{[]\s*"[^"\n]{1,80}"\s*:/.test(t)) return true;
  try {
    const v: unknown = JSON.parse(t);
    return typeof v === "object" && v !== null;
  } catch {
    return false;
  }
}

/**
 * What a transcription may be used as: refused (a Korean reason, never graded) when it is empty,
 * illegible or looks like JSON rather than the page's text; else its text and whether the page
 * was only partly legible (then a teacher confirms the text before it is graded).
 */
export function acceptTranscription(t: LlmTranscription): { text: string; lowLegibility: boolean } | { refused: string } {
  const text = t.text.trim();
  if (!text) return { refused: transcriptionMessages.empty };
  if (t.legible === "illegible") return { refused: transcriptionMessages.illegible };
  if (looksLikeJson(text)) return { refused: transcriptionMessages.notText };
  return { text, lowLegibility: t.legible === "partial" };
}

/**
 * Text of a stored image, read by the vision model; every call (retries included) goes to
 * `onUsage` as a `transcription`, to be recorded with its cost. Without an LLM a job that still
 * holds an image (uploaded before the key was removed) ends with the Korean reason, downloading nothing.
 */
export async function readImage(
  path: string,
  expected: ExpectedObject,
  mime: string,
  cfg: LlmConfig | null,
  onUsage?: UsageSink,
  opts: { answer?: boolean } = {},
): Promise<string> {
  if (!cfg) throw new GradingError(uploadMessages.imageOcrUnavailable, false);
  const base64 = await downloadBase64(path, expected);
  const client = llmClient(cfg);
  const read = await withRetries(cfg, () => requestTranscription(client, cfg, { mime, base64 }, onUsage));
  const accepted = acceptTranscription(read);
  if ("refused" in accepted) throw new GradingError(accepted.refused, false);
  if (opts.answer) {
    // A student's answer read here (a batch photo) is not graded unconfirmed, nor below the minimum.
    if (accepted.lowLegibility) throw new GradingError(transcriptionMessages.confirmBatch, false);
    if (charCount(accepted.text) < MIN_ESSAY_LENGTH) throw new GradingError(uploadMessages.essayTooShort, false);
  }
  return accepted.text;
}

/**
 * Reads an uploaded photo before anything is stored (a single answer's upload): the transcription
 * as acceptTranscription judges it. Every call (retries included) goes to `onUsage`.
 */
export async function readUploadedImage(
  bytes: Uint8Array,
  mime: string,
  onUsage?: UsageSink,
): Promise<{ text: string; lowLegibility: boolean } | { refused: string }> {
  const cfg = llmConfigFromSettings();
  if (!cfg) throw new GradingError(uploadMessages.imageOcrUnavailable, false);
  const client = llmClient(cfg);
  const base64 = base64Of(bytes);
  const read = await withRetries(cfg, () => requestTranscription(client, cfg, { mime, base64 }, onUsage));
  return acceptTranscription(read);
}
