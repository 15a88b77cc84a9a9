import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { subscriptionKeys, usageKeys } from "@/lib/usage";
import { sessionKeys } from "@/features/sessions/api/keys";

export interface RetrySubmissionInput {
  sessionId: string;
  submissionId: string;
}

export function retrySubmission({ submissionId }: RetrySubmissionInput) {
  return api.post<{ success: boolean; id: string; status: string; message: string }>(
    `/submissions/${encodeURIComponent(submissionId)}/retry`,
  );
}

export function useRetrySubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retrySubmission,
    onSuccess: (_data, { sessionId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.submissions(sessionId) }),
        queryClient.invalidateQueries({ queryKey: usageKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
      ]),
  });
}
