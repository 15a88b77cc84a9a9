// The caller's organisation (GET /api/orgs), read by the header's switch and the 기관 page, and the
// switch between the personal space and it: the choice is stored (lib/active-org.ts) and every query
// is read again, since what the API answers depends on the space (X-Org-Id).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { api } from "@/lib/api-client";
import { readActiveOrgId, useActiveOrgId, writeActiveOrgId } from "@/lib/active-org";
import type { OrgSummary } from "@shared/orgs.ts";

export const orgKeys = {
  all: ["orgs"] as const,
  mine: () => [...orgKeys.all, "mine"] as const,
  detail: (id: string) => [...orgKeys.all, "detail", id] as const,
};

/** The caller's organisation, or null (none yet). */
export function useMyOrg(enabled = true) {
  return useQuery({
    queryKey: orgKeys.mine(),
    queryFn: async () => (await api.get<{ org: OrgSummary | null }>("/orgs")).org,
    enabled,
  });
}

/**
 * The active space: `orgId` (null: the personal space), the caller's organisation, and `switchTo(id | null)`,
 * which stores the choice and reads every query again. A stored id that is not the caller's organisation
 * (they left or were removed, or another account signed in) falls back to the personal space.
 */
export function useActiveSpace(enabled = true) {
  const orgId = useActiveOrgId();
  const mine = useMyOrg(enabled);
  const queryClient = useQueryClient();
  const switchTo = useCallback(
    (id: string | null) => {
      if (id === readActiveOrgId()) return;
      writeActiveOrgId(id);
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );
  useEffect(() => {
    if (mine.isSuccess && orgId && mine.data?.id !== orgId) switchTo(null);
  }, [mine.isSuccess, mine.data, orgId, switchTo]);
  const org = mine.data ?? null;
  return { orgId: org && org.id === orgId ? orgId : null, org, isLoading: mine.isLoading, switchTo };
}
