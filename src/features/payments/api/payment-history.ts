import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { PaymentRecord } from "@shared/types.ts";
import { paymentsKeys } from "@/features/payments/api/payments-config";

/** GET /payments/history — the caller's payments, newest first. */
export function usePaymentHistory() {
  return useQuery({ queryKey: paymentsKeys.history(), queryFn: () => api.get<PaymentRecord[]>("/payments/history") });
}

/** GET /payments/orders/:id — one order's real state (the success page). */
export function useOrder(orderId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: paymentsKeys.order(orderId ?? ""),
    queryFn: () => api.get<PaymentRecord>(`/payments/orders/${encodeURIComponent(orderId ?? "")}`),
    enabled: Boolean(orderId) && enabled,
    retry: false,
  });
}
