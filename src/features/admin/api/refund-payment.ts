import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import { planChangeKeys } from "@/lib/usage";
import type { PaymentRecord, User } from "@shared/types.ts";
import { adminKeys } from "@/features/admin/api/keys";

export interface RefundPaymentInput {
  /** null: an order of a deleted account (탈퇴한 회원). */
  userId: string | null;
  orderId: string;
  reason: string;
  /** KRW; omitted = everything not yet refunded. */
  amount?: number;
}

export interface RefundPaymentResult {
  message: string;
  payment: PaymentRecord | null;
  /** null when the buyer's account was deleted. */
  user: User | null;
}

/** POST /admin/payments/:id/refund: Toss cancel, recorded on the payment. */
export function refundPayment({ orderId, reason, amount }: RefundPaymentInput): Promise<RefundPaymentResult> {
  return api.post(`/admin/payments/${encodeURIComponent(orderId)}/refund`, amount === undefined ? { reason } : { reason, amount });
}

/** Invalidates the member's payments and the member list (a full refund ends the paid month). */
export function useRefundPayment() {
  return useInvalidatingMutation(refundPayment, ({ userId }) => [
    userId ? adminKeys.payments(userId) : adminKeys.withdrawnPayments(),
    adminKeys.users(),
    ...planChangeKeys(),
  ]);
}
