import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { AnalysisSession } from "@shared/types.ts";
import { cacheCreatedSession } from "@/features/sessions/api/create-session";

/** 샘플로 체험하기: the server makes a session from its bundled sample and queues three answers (no use counted). */
export function createSampleSession() {
  return api.post<AnalysisSession & { message?: string }>("/sessions/sample");
}

export function useCreateSampleSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSampleSession,
    onSuccess: (session) => cacheCreatedSession(queryClient, session),
  });
}
