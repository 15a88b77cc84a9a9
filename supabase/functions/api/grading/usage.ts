// The ledger of paid model calls (public.grading_usage): one row per call, with its purpose.
import { adminSql } from "../lib/db.ts";
import type { CallUsage } from "./llm.ts";
import type { GradingMode } from "./modes.ts";

/**
 * Records the model calls made for one answer (public.grading_usage), each with its purpose:
 * `transcription` for reading an image, `grading` for the rest. Best effort: a failed write is
 * logged, never fails the grading or the upload (the calls are already paid for). The answer may
 * not exist (a photo refused at upload): the ledger has no foreign key on it.
 */
export async function recordCalls(submissionId: string, userId: string, mode: GradingMode, calls: CallUsage[]): Promise<void> {
  if (calls.length === 0) return;
  const rows = calls.map((u) => ({
    submission_id: submissionId,
    user_id: userId,
    purpose: u.kind === "transcription" ? "transcription" : "grading",
    mode,
    call_kind: u.kind,
    model: u.model.slice(0, 200),
    prompt_tokens: u.promptTokens,
    completion_tokens: u.completionTokens,
    cached_tokens: Math.min(u.cachedTokens, u.promptTokens),
    latency_ms: Math.max(0, Math.round(u.latencyMs)),
  }));
  try {
    await adminSql`
      insert into public.grading_usage ${adminSql(
        rows,
        "submission_id",
        "user_id",
        "purpose",
        "mode",
        "call_kind",
        "model",
        "prompt_tokens",
        "completion_tokens",
        "cached_tokens",
        "latency_ms",
      )}`;
  } catch (err) {
    console.error("grading usage not recorded", submissionId, err);
  }
}
