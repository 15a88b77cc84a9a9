import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Submission } from "@shared/types.ts";
import { sessionKeys } from "@/features/sessions/api/keys";
import { mergeFetchedSubmissions, submissionsPollInterval, type SubmissionListItem } from "@/features/sessions/utils/submission-cache";

export function getSubmissions(sessionId: string) {
  return api.get<Submission[]>(`/sessions/${encodeURIComponent(sessionId)}/submissions`);
}

export const submissionsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.submissions(sessionId),
    // A fetch that started before a broadcast the cache already applied never moves a row back: the
    // fetched list is merged into the cache as it is when the response arrives (read after the await,
    // so broadcasts applied while the request was in flight count).
    queryFn: async ({ client, queryKey }) => {
      const fetched = await getSubmissions(sessionId);
      return mergeFetchedSubmissions(client.getQueryData<SubmissionListItem[]>(queryKey), fetched);
    },
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
