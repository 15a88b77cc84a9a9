import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { authKeys } from "@/lib/auth";
import { subscriptionKeys, usageKeys } from "@/lib/usage";
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usageKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]),
  });
}
