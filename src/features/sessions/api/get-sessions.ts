import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { AnalysisSession } from "@shared/types.ts";
import { sessionKeys } from "@/features/sessions/api/keys";

export function getSessions() {
  return api.get<AnalysisSession[]>("/sessions");
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.lists(),
    queryFn: getSessions,
  });

/** Always refetched when My Work opens: sessions change on other screens. */
export function useSessions() {
  return useQuery({ ...sessionsQueryOptions(), refetchOnMount: "always" });
}
