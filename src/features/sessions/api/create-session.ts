import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { usageKeys } from "@/lib/usage";
import type { AnalysisSession } from "@shared/types.ts";
import { sessionKeys } from "@/features/sessions/api/keys";

export interface CreateSessionInput {
  promptFile: File;
  criteriaFile?: File | null;
  /** The class (반) of the new assignment. */
  classId?: string | null;
}

export function createSession({ promptFile, criteriaFile, classId }: CreateSessionInput) {
  const form = new FormData();
  form.append("promptFile", promptFile);
  if (criteriaFile) form.append("criteriaFile", criteriaFile);
  if (classId) form.append("classId", classId);
  return api.post<AnalysisSession>("/sessions", form);
}

/** A new session goes into the cache; the lists and the usage are fetched again. */
export function cacheCreatedSession(queryClient: QueryClient, session: AnalysisSession) {
  queryClient.setQueryData(sessionKeys.detail(session.id), session);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: usageKeys.all }),
  ]);
}

export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSession,
    onSuccess: (session) => cacheCreatedSession(queryClient, session),
  });
}
