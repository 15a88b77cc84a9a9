// The 기관 pages' reads and writes (/api/orgs*, /api/invitations/*).
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import { orgKeys } from "@/lib/orgs";
import type { CreatedInvitation, InvitationPreview, InviteRole, OrgDetail, OrgRole, OrgSummary } from "@shared/orgs.ts";

const id = (v: string) => encodeURIComponent(v);

export function useOrgDetail(orgId: string | null | undefined) {
  return useQuery({
    queryKey: orgKeys.detail(orgId ?? ""),
    queryFn: () => api.get<OrgDetail>(`/orgs/${id(orgId!)}`),
    enabled: Boolean(orgId),
  });
}

export function useCreateOrg() {
  return useInvalidatingMutation(
    (name: string) => api.post<OrgDetail & { message: string }>("/orgs", { name }),
    () => [orgKeys.all],
  );
}

export function useInvite(orgId: string) {
  return useInvalidatingMutation(
    (body: { email: string | null; role: InviteRole }) => api.post<CreatedInvitation>(`/orgs/${id(orgId)}/invitations`, body),
    () => [orgKeys.detail(orgId)],
  );
}

export function useRevokeInvitation(orgId: string) {
  return useInvalidatingMutation(
    (invitationId: string) => api.delete<{ message: string }>(`/orgs/${id(orgId)}/invitations/${id(invitationId)}`),
    () => [orgKeys.detail(orgId)],
  );
}

export function useUpdateMember(orgId: string) {
  return useInvalidatingMutation(
    ({ userId, ...body }: { userId: string; role?: OrgRole; monthlyCap?: number | null }) =>
      api.patch<OrgDetail & { message: string }>(`/orgs/${id(orgId)}/members/${id(userId)}`, body),
    () => [orgKeys.all],
  );
}

export function useRemoveMember(orgId: string) {
  return useInvalidatingMutation(
    (userId: string) => api.delete<{ message: string }>(`/orgs/${id(orgId)}/members/${id(userId)}`),
    () => [orgKeys.all],
  );
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ["invitations", token],
    queryFn: () => api.get<InvitationPreview>(`/invitations/${id(token)}`),
  });
}

export function useAcceptInvitation(token: string) {
  return useInvalidatingMutation(
    () => api.post<{ org: OrgSummary; message: string }>(`/invitations/${id(token)}/accept`),
    () => [orgKeys.all, ["invitations", token]],
  );
}
