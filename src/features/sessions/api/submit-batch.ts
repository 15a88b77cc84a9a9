import { api, ApiError } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import { usageKeys } from "@/lib/usage";
import { sessionKeys } from "@/features/sessions/api/keys";

export interface BatchItem {
  file: File;
  studentName: string;
  studentId: string;
}

export interface SubmitBatchInput {
  sessionId: string;
  items: BatchItem[];
  /** Called before each part is sent (part is 1-based) and once more as the batch is started. */
  onProgress?: (progress: BatchProgress) => void;
}

export type BatchProgress = { step: "upload"; part: number; parts: number } | { step: "start" };

export interface StartBatchResponse {
  message: string;
  count: number;
  submissionIds: string[];
}

/**
 * One request's worth of files. The server buffers a request whole and refuses bodies above
 * MAX_FORM_BYTES (40 MiB); parts stay well under it, multipart overhead included.
 */
export const BATCH_PART_MAX_BYTES = 30 * 1024 * 1024;
export const BATCH_PART_MAX_FILES = 10;

/** The progress line shown while a batch is sent ("답안 업로드 중 (2/5)"). */
export function batchProgressLabel(progress: BatchProgress): string {
  return progress.step === "start" ? "첨삭 시작 중..." : `답안 업로드 중 (${progress.part}/${progress.parts})`;
}

/**
 * Splits items into consecutive parts of at most `maxFiles` files and `maxBytes` bytes (a single
 * file bigger than `maxBytes` gets a part of its own; the server judges it). Order is kept.
 */
export function splitBatch<T extends { file: { size: number } }>(
  items: readonly T[],
  maxBytes = BATCH_PART_MAX_BYTES,
  maxFiles = BATCH_PART_MAX_FILES,
): T[][] {
  const parts: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = item.file.size;
    if (current.length > 0 && (current.length >= maxFiles || bytes + size > maxBytes)) {
      parts.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/** Which step failed, so the form can show the default text for that step (docs/product.md#toasts). */
export class BatchStepError extends Error {
  constructor(
    readonly step: "upload" | "start",
    readonly cause: unknown,
    /** For an upload: the part that failed (1-based) and how many there were. */
    readonly part?: { part: number; parts: number },
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "BatchStepError";
  }
  get apiError(): ApiError | null {
    return this.cause instanceof ApiError ? this.cause : null;
  }
}

/**
 * POST batch-upload in parts (the first replaces an unstarted batch, the rest `?append=1`), then
 * POST start-batch (reserves uses, queues grading). A failed part stops the batch: nothing is
 * started, and the staged parts are replaced by the next attempt's first part.
 */
export async function submitBatch({ sessionId, items, onProgress }: SubmitBatchInput): Promise<StartBatchResponse> {
  const base = `/sessions/${encodeURIComponent(sessionId)}`;
  const parts = splitBatch(items);
  for (let i = 0; i < parts.length; i++) {
    const form = new FormData();
    for (const item of parts[i]) {
      form.append("files", item.file);
      form.append("studentNames", item.studentName.trim());
      form.append("studentIds", item.studentId.trim());
    }
    const where = { part: i + 1, parts: parts.length };
    onProgress?.({ step: "upload", ...where });
    try {
      await api.post(`${base}/batch-upload${i === 0 ? "" : "?append=1"}`, form);
    } catch (err) {
      throw new BatchStepError("upload", err, where);
    }
  }
  onProgress?.({ step: "start" });
  try {
    return await api.post<StartBatchResponse>(`${base}/start-batch`);
  } catch (err) {
    throw new BatchStepError("start", err);
  }
}

export function useSubmitBatch() {
  return useInvalidatingMutation(submitBatch, (input) => [usageKeys.all, sessionKeys.detail(input.sessionId)], "settled");
}
