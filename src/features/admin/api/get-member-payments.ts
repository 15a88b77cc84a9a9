import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { PaymentRecord } from "@shared/types.ts";
import { adminKeys } from "@/features/admin/api/keys";

/** GET /admin/users/:id/payments: a member's payments that reached Toss, newest first. */
export function getMemberPayments(userId: string): Promise<PaymentRecord[]> {
  return api.get<PaymentRecord[]>(`/admin/users/${encodeURIComponent(userId)}/payments`);
}

export const memberPaymentsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: adminKeys.payments(userId), queryFn: () => getMemberPayments(userId) });

export function useMemberPayments(userId: string | null) {
  return useQuery({ ...memberPaymentsQueryOptions(userId ?? ""), enabled: Boolean(userId) });
}

/** GET /admin/payments/withdrawn: paid orders of deleted accounts (탈퇴한 회원), kept without the person. */
export function getWithdrawnPayments(): Promise<PaymentRecord[]> {
  return api.get<PaymentRecord[]>("/admin/payments/withdrawn");
}

export function useWithdrawnPayments(enabled: boolean) {
  return useQuery({ queryKey: adminKeys.withdrawnPayments(), queryFn: getWithdrawnPayments, enabled });
}
