import { ApiError } from "@/lib/api-client";

/**
 * The text the server read from a photo it could only partly read (422 `needsConfirmation`): the
 * teacher checks it in the same review box as text read in the browser, and what is sent is that
 * checked text. Null for any other failure.
 */
export function transcriptionToConfirm(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const data = error.data as { needsConfirmation?: unknown; transcription?: unknown } | null;
  return data?.needsConfirmation === true && typeof data.transcription === "string" ? data.transcription : null;
}
