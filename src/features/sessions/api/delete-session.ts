import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { usageKeys } from "@/lib/usage";
import type { AnalysisSession, Submission } from "@shared/types.ts";
import { sessionKeys } from "@/features/sessions/api/keys";

export function deleteSession(id: string) {
  return api.delete<{ success: boolean; message: string }>(`/sessions/${encodeURIComponent(id)}`);
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<AnalysisSession[]>(sessionKeys.lists(), (cur) => cur?.filter((s) => s.id !== id));
      for (const submission of queryClient.getQueryData<Submission[]>(sessionKeys.submissions(id)) ?? []) {
        queryClient.removeQueries({ queryKey: sessionKeys.report(submission.id) });
      }
      queryClient.removeQueries({ queryKey: sessionKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: usageKeys.all }),
      ]);
    },
  });
}
