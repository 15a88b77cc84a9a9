// Photographed or scanned files (answers, questions, criteria) are read only by the vision model.
// The function never runs OCR (edge-runtime: no Worker, 256 MB, a 20 MB bundle): without an LLM
// key the browser reads images (src/features/workspace/ocr) and submits the reviewed text, and
// an image that still reaches the server is refused at upload (files/index.ts, 422).
import { settings } from "../lib/settings.ts";
import { type ExpectedObject, getObject, StoredObjectError } from "../lib/storage.ts";
import { uploadMessages } from "../../_shared/upload-rules.ts";
import { GradingError, type LlmConfig, llmClient, requestTranscription, type UsageSink, withRetries } from "./llm.ts";

/** Whether this server reads images itself (`GET /api/config` → `serverOcr`). */
export function serverReadsImages(): boolean {
  return Boolean(settings.llm.apiKey);
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
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
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
): Promise<string> {
  if (!cfg) throw new GradingError(uploadMessages.imageOcrUnavailable, false);
  const base64 = await downloadBase64(path, expected);
  const client = llmClient(cfg);
  return await withRetries(cfg, () => requestTranscription(client, cfg, { mime, base64 }, onUsage));
}
