import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { authKeys } from "@/lib/auth";
import { subscriptionKeys, usageKeys } from "@/lib/usage";
import type { PaymentRecord, User } from "@shared/types.ts";
import { adminKeys } from "@/features/admin/api/keys";

export interface RefundPaymentInput {
  userId: string;
  orderId: string;
  reason: string;
  /** KRW; omitted = everything not yet refunded. */
  amount?: number;
}

export interface RefundPaymentResult {
  message: string;
  payment: PaymentRecord | null;
  user: User;
}

/** POST /admin/payments/:id/refund: Toss cancel, recorded on the payment. */
export function refundPayment({ orderId, reason, amount }: RefundPaymentInput): Promise<RefundPaymentResult> {
  return api.post(`/admin/payments/${encodeURIComponent(orderId)}/refund`, amount === undefined ? { reason } : { reason, amount });
}

/** Invalidates the member's payments and the member list (a full refund ends the paid month). */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: (_data, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.payments(userId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
        queryClient.invalidateQueries({ queryKey: usageKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]),
  });
}
