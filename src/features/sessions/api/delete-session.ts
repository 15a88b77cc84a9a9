import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { usageKeys } from "@/lib/usage";
import type { AnalysisSession } from "@shared/types.ts";
import { myWorkKeys } from "@/features/sessions/api/my-work-keys";

export function deleteSession(id: string) {
  return api.delete<{ success: boolean; message: string }>(`/sessions/${encodeURIComponent(id)}`);
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<AnalysisSession[]>(myWorkKeys.sessions(), (cur) => cur?.filter((s) => s.id !== id));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: myWorkKeys.sessions() }),
        queryClient.invalidateQueries({ queryKey: usageKeys.all }),
      ]);
    },
  });
}
