import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { subscriptionKeys, usageKeys } from "@/lib/usage";
import type { Submission } from "@shared/types.ts";
import { sessionKeys } from "@/features/sessions/api/keys";

export interface DeleteSubmissionInput {
  sessionId: string;
  submissionId: string;
}

export function deleteSubmission({ submissionId }: DeleteSubmissionInput) {
  return api.delete<{ success: boolean; message: string }>(`/submissions/${encodeURIComponent(submissionId)}`);
}

export function useDeleteSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubmission,
    onSuccess: (_data, { sessionId, submissionId }) => {
      queryClient.setQueryData<Submission[]>(sessionKeys.submissions(sessionId), (cur) => cur?.filter((s) => s.id !== submissionId));
      queryClient.removeQueries({ queryKey: sessionKeys.report(submissionId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.submissions(sessionId) }),
        queryClient.invalidateQueries({ queryKey: usageKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
      ]);
    },
  });
}
