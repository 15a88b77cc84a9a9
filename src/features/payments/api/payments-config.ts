import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { PaymentsConfig } from "@shared/types.ts";

export const paymentsKeys = {
  all: ["payments"] as const,
  config: () => [...paymentsKeys.all, "config"] as const,
  history: () => [...paymentsKeys.all, "history"] as const,
  order: (orderId: string) => [...paymentsKeys.all, "order", orderId] as const,
};

/** GET /payments/config — test or live mode, and the Toss client key the widget must use. */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: paymentsKeys.config(),
    queryFn: () => api.get<PaymentsConfig>("/payments/config"),
    staleTime: 60_000,
  });
}
