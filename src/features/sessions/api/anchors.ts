// Anchor answers (기준 답안) of a session: list, add (typed or a file), delete (GET/POST/DELETE /sessions/:id/anchors).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { AnchorAnswerJson, AnchorListJson } from "@shared/anchors.ts";
import { sessionKeys } from "@/features/sessions/api/keys";

export const anchorKeys = {
  list: (sessionId: string) => [...sessionKeys.detail(sessionId), "anchors"] as const,
};

export interface AddAnchorInput {
  sessionId: string;
  /** Typed text, or a txt/docx/pdf file (one of the two). */
  content?: string;
  file?: File | null;
  totalScore: number;
  categoryScores: { name: string; score: number }[];
}

export function addAnchor({ sessionId, content, file, totalScore, categoryScores }: AddAnchorInput) {
  const path = `/sessions/${sessionId}/anchors`;
  if (file) {
    const form = new FormData();
    form.append("file", file);
    form.append("totalScore", String(totalScore));
    form.append("categoryScores", JSON.stringify(categoryScores));
    return api.post<AnchorAnswerJson>(path, form);
  }
  return api.post<AnchorAnswerJson>(path, { content, totalScore, categoryScores });
}

export function useAnchors(sessionId: string | null) {
  return useQuery({
    queryKey: anchorKeys.list(sessionId ?? ""),
    queryFn: () => api.get<AnchorListJson>(`/sessions/${sessionId}/anchors`),
    enabled: !!sessionId,
  });
}

export function useAddAnchor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAnchor,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: anchorKeys.list(input.sessionId) }),
  });
}

export function useDeleteAnchor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, anchorId }: { sessionId: string; anchorId: string }) =>
      api.delete<{ success: boolean }>(`/sessions/${sessionId}/anchors/${anchorId}`),
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: anchorKeys.list(input.sessionId) }),
  });
}
