import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { sessionKeys } from "@/features/sessions/api/keys";

/** An answer the server refused at upload (e.g. under the 100-character minimum), kept until dismissed. */
export interface RefusedAnswer {
  id: string;
  studentName: string;
  studentId: string;
  filename: string | null;
  reason: string;
  refusedAt: string;
}

export const refusedAnswersKey = (sessionId: string) => [...sessionKeys.detail(sessionId), "refused"] as const;

/** GET /sessions/{id}/refused-answers: the session's refused answers not yet dismissed. */
export function useRefusedAnswers(sessionId: string) {
  return useQuery({
    queryKey: refusedAnswersKey(sessionId),
    queryFn: () => api.get<RefusedAnswer[]>(`/sessions/${encodeURIComponent(sessionId)}/refused-answers`),
  });
}

/** POST /refused-answers/{id}/dismiss (닫기). */
export function useDismissRefusedAnswer(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ success: boolean }>(`/refused-answers/${encodeURIComponent(id)}/dismiss`),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<RefusedAnswer[]>(refusedAnswersKey(sessionId), (cur) => cur?.filter((r) => r.id !== id));
    },
  });
}
