import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { RubricCategory } from "@shared/grading.ts";
import { subscriptionKeys, usageKeys } from "@/lib/usage";
import { sessionKeys } from "@/features/sessions/api/keys";

/** GET /sessions/{id}/regrade-all: the session's completed answers against its current rubric. */
export interface RegradeStatus {
  completed: number;
  /** Graded under an older rubric. */
  outdated: number;
  /** Of those, reviewed by the teacher (left alone unless includeReviewed). */
  outdatedReviewed: number;
  reviewed: number;
  /** Queued or being graded again. */
  regrading: number;
  /** The rubric answers are graded under now. */
  rubric: RubricCategory[];
}

export interface RegradeAllInput {
  all?: boolean;
  includeReviewed?: boolean;
}

export interface RegradeAllAnswer {
  success: boolean;
  queued: number;
  needed: number;
  skippedReviewed: number;
  message: string;
}

const statusKey = (sessionId: string) => [...sessionKeys.detail(sessionId), "regrade-all"] as const;

export function getRegradeStatus(sessionId: string) {
  return api.get<RegradeStatus>(`/sessions/${encodeURIComponent(sessionId)}/regrade-all`);
}

/** The counts; polled while answers are being graded again (the banner's progress). */
export function useRegradeStatus(sessionId: string | undefined) {
  return useQuery({
    queryKey: statusKey(sessionId ?? ""),
    queryFn: () => getRegradeStatus(sessionId!),
    enabled: Boolean(sessionId),
    refetchInterval: (q) => ((q.state.data?.regrading ?? 0) > 0 ? 2000 : false),
  });
}

/** POST /sessions/{id}/regrade-all: all or nothing, one use per answer queued. */
export function useRegradeAll(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegradeAllInput) => api.post<RegradeAllAnswer>(`/sessions/${encodeURIComponent(sessionId)}/regrade-all`, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: statusKey(sessionId) }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.submissions(sessionId) }),
        queryClient.invalidateQueries({ queryKey: usageKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
      ]),
  });
}
