import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { PaymentIntent } from "@shared/types.ts";

export interface CreateIntentInput {
  planId: string;
}

/** POST /payments/create-intent — the server creates the order with the plan's price. */
export function createIntent(input: CreateIntentInput) {
  return api.post<PaymentIntent>("/payments/create-intent", input);
}

export function useCreateIntent() {
  return useMutation({ mutationFn: createIntent });
}
