import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { AnalysisSession } from "@shared/types.ts";
import { sessionKeys } from "@/features/sessions/api/keys";

export function getSession(id: string) {
  return api.get<AnalysisSession>(`/sessions/${encodeURIComponent(id)}`);
}

export const sessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sessionKeys.detail(id),
    queryFn: () => getSession(id),
  });

export function useSession(id: string | null) {
  return useQuery({ ...sessionQueryOptions(id ?? ""), enabled: Boolean(id) });
}
