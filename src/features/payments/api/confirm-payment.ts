import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import { planChangeKeys } from "@/lib/usage";
import type { PaymentConfirmation } from "@shared/types.ts";

export interface ConfirmPaymentInput {
  paymentKey: string;
  orderId: string;
  amount: number;
}

/** POST /payments/toss-confirm — the server checks the order and confirms with Toss. */
export function confirmPayment(input: ConfirmPaymentInput) {
  return api.post<PaymentConfirmation>("/payments/toss-confirm", input);
}

export function useConfirmPayment() {
  return useInvalidatingMutation(confirmPayment, planChangeKeys);
}
