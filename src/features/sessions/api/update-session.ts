import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { AnalysisSession } from "@shared/types.ts";
import type { SessionSetupInput } from "@shared/session-setup.ts";
import { sessionKeys } from "@/features/sessions/api/keys";

export interface ReplaceSessionFilesInput {
  sessionId: string;
  promptFile?: File | null;
  criteriaFile?: File | null;
}

/** PATCH /sessions/:id as JSON: a new name and/or the teacher's edited rubric (`null` = back to the criteria's). */
export function updateSession(sessionId: string, body: SessionSetupInput) {
  return api.patch<AnalysisSession>(`/sessions/${encodeURIComponent(sessionId)}`, body);
}

/** PATCH /sessions/:id as multipart: replaces the prompt and/or criteria file of this session. */
export function replaceSessionFiles({ sessionId, promptFile, criteriaFile }: ReplaceSessionFilesInput) {
  const form = new FormData();
  if (promptFile) form.append("promptFile", promptFile);
  if (criteriaFile) form.append("criteriaFile", criteriaFile);
  return api.patch<AnalysisSession>(`/sessions/${encodeURIComponent(sessionId)}`, form);
}

function useSessionWrite<I>(fn: (input: I) => Promise<AnalysisSession>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKeys.detail(session.id), (old: AnalysisSession | undefined) => ({ ...old, ...session }));
      return queryClient.invalidateQueries({ queryKey: sessionKeys.lists() });
    },
  });
}

export function useUpdateSession() {
  return useSessionWrite(({ sessionId, body }: { sessionId: string; body: SessionSetupInput }) => updateSession(sessionId, body));
}

export function useReplaceSessionFiles() {
  return useSessionWrite(replaceSessionFiles);
}
