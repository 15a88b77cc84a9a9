import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/api-client";
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
}

export interface StartBatchResponse {
  message: string;
  count: number;
  submissionIds: string[];
}

/** Which step failed, so the form can show the §8 default for that step. */
export class BatchStepError extends Error {
  constructor(
    readonly step: "upload" | "start",
    readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "BatchStepError";
  }
  get apiError(): ApiError | null {
    return this.cause instanceof ApiError ? this.cause : null;
  }
}

/** POST batch-upload (staged) then POST start-batch (reserves uses, queues grading). */
export async function submitBatch({ sessionId, items }: SubmitBatchInput): Promise<StartBatchResponse> {
  const base = `/sessions/${encodeURIComponent(sessionId)}`;
  const form = new FormData();
  for (const item of items) {
    form.append("files", item.file);
    form.append("studentNames", item.studentName.trim());
    form.append("studentIds", item.studentId.trim());
  }
  try {
    await api.post(`${base}/batch-upload`, form);
  } catch (err) {
    throw new BatchStepError("upload", err);
  }
  try {
    return await api.post<StartBatchResponse>(`${base}/start-batch`);
  } catch (err) {
    throw new BatchStepError("start", err);
  }
}

export function useSubmitBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitBatch,
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usageKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.detail(input.sessionId) }),
      ]),
  });
}
