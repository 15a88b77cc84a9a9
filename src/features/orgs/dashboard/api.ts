// The organisation's dashboard data: GET /api/orgs/:id/usage (owners and managers).
import { useQuery } from "@tanstack/react-query";
import type { OrgUsage } from "@shared/org-usage.ts";
import { api } from "@/lib/api-client";

export type { OrgUsage, OrgUsageClass, OrgUsageTeacher } from "@shared/org-usage.ts";

export const orgUsageKeys = {
  usage: (orgId: string) => ["orgs", orgId, "usage"] as const,
};

/** The active organisation's id as the API client sends it; null in the personal space. */
export { readActiveOrgId } from "@/lib/active-org";

export function useOrgUsage(orgId: string | null) {
  return useQuery({
    queryKey: orgUsageKeys.usage(orgId ?? ""),
    queryFn: () => api.get<OrgUsage>(`/orgs/${encodeURIComponent(orgId ?? "")}/usage`),
    enabled: Boolean(orgId),
  });
}
