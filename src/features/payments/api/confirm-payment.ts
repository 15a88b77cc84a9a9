import { usePlanChangePost } from "@/lib/usage";
import type { PaymentConfirmation } from "@shared/types.ts";

export interface ConfirmPaymentInput {
  paymentKey: string;
  orderId: string;
  amount: number;
}

/** POST /payments/toss-confirm — the server checks the order and confirms with Toss. */
export function useConfirmPayment() {
  return usePlanChangePost<ConfirmPaymentInput, PaymentConfirmation>("/payments/toss-confirm");
}
