import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Submission } from "@shared/types.ts";
import { sessionKeys } from "@/features/sessions/api/keys";
import { submissionsPollInterval } from "@/features/sessions/utils/submission-cache";

export function getSubmissions(sessionId: string) {
  return api.get<Submission[]>(`/sessions/${encodeURIComponent(sessionId)}/submissions`);
}

export const submissionsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.submissions(sessionId),
    queryFn: () => getSubmissions(sessionId),
  });

/** How the list refreshes; the route passes the live-progress rules (no polling while subscribed). */
export interface SubmissionsRefresh {
  refetchInterval: (query: { state: { data: unknown } }) => number | false;
  refetchIntervalInBackground?: boolean;
  refetchOnWindowFocus?: boolean;
}

export function useSubmissions(sessionId: string | null, refresh?: SubmissionsRefresh) {
  return useQuery({
    ...submissionsQueryOptions(sessionId ?? ""),
    enabled: Boolean(sessionId),
    refetchInterval: (query) => submissionsPollInterval(query.state.data),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    ...refresh,
  });
}
