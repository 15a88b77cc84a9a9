import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { subscriptionKeys, usageKeys } from "@/lib/usage";
import { sessionKeys } from "@/features/sessions/api/keys";

export interface RetrySubmissionInput {
  sessionId: string;
  submissionId: string;
}

type RequeueAnswer = { success: boolean; id: string; status: string; message: string };

/** An answer whose grading ended in error goes back to the queue (one use). */
export function retrySubmission({ submissionId }: RetrySubmissionInput) {
  return api.post<RequeueAnswer>(`/submissions/${encodeURIComponent(submissionId)}/retry`);
}

/** A completed answer is graded again (one use); its previous result stays readable meanwhile. */
export function regradeSubmission({ submissionId }: RetrySubmissionInput) {
  return api.post<RequeueAnswer & { regrading: boolean }>(`/submissions/${encodeURIComponent(submissionId)}/regrade`);
}

function useRequeue(fn: (input: RetrySubmissionInput) => Promise<RequeueAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_data, { sessionId, submissionId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.submissions(sessionId) }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.report(submissionId) }),
        queryClient.invalidateQueries({ queryKey: usageKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
      ]),
  });
}

export function useRetrySubmission() {
  return useRequeue(retrySubmission);
}

export function useRegradeSubmission() {
  return useRequeue(regradeSubmission);
}
