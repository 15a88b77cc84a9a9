import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { SessionAgreement } from "@shared/agreement.ts";
import { sessionKeys } from "@/features/sessions/api/keys";

/** GET /sessions/{id}/agreement: the AI's original against the teacher's reviewed scores. */
export function getAgreement(sessionId: string) {
  return api.get<SessionAgreement>(`/sessions/${encodeURIComponent(sessionId)}/agreement`);
}

export const agreementQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.agreement(sessionId),
    queryFn: () => getAgreement(sessionId),
  });

export function useAgreement(sessionId: string | undefined) {
  return useQuery({ ...agreementQueryOptions(sessionId ?? ""), enabled: Boolean(sessionId) });
}
