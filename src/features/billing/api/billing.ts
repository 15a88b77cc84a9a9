import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import { planChangeKeys } from "@/lib/usage";

import type { BillingPeriod, ChangeQuote } from "@shared/billing-types.ts";

export type { BillingPeriod, ChangeQuote };
export type BillingStatus = "active" | "past_due" | "canceled" | "one_time" | "none";

/** GET /billing (결제 관리). */
export interface BillingOverview {
  available: boolean;
  plan: { id: string; name: string; price: number; yearlyPrice: number | null } | null;
  period: BillingPeriod | null;
  status: BillingStatus;
  renewsAt: string | null;
  endsAt: string | null;
  cancelAtPeriodEnd: boolean;
  nextCharge: { amount: number; at: string } | null;
  /** A downgrade or period change chosen for the next renewal (cancellable until then). */
  scheduledChange: { planId: string; planName: string; period: BillingPeriod; amount: number; at: string } | null;
  /** An announced price increase: charged from the first renewal on or after `from`. */
  priceChange: { amount: number; from: string } | null;
  retry: { attempts: number; nextAttemptAt: string | null } | null;
  card: { masked: string; company: string } | null;
  payments: Array<{
    id: string;
    kind: "one_time" | "subscription" | "renewal" | "upgrade";
    planName: string | null;
    orderName: string;
    amount: number;
    status: string;
    approvedAt: string | null;
    createdAt: string;
    periodStart: string | null;
    periodEnd: string | null;
    receiptUrl: string | null;
    refundedAmount: number;
    /** 환불 요청 is open (within 7 days of the charge, no grading used since). */
    refundable: boolean;
  }>;
  notices: Array<{ id: string; kind: string; message: string; createdAt: string }>;
}

/** POST /billing/subscribe: what will be charged and when, and the customerKey for Toss's billing auth. */
export interface SubscribeAnswer {
  customerKey: string;
  clientKey: string;
  planId: string;
  planName: string;
  period: BillingPeriod;
  amount: number;
  orderName: string;
  renewsAt: string;
  yearlySaving: number | null;
}

export const billingKeys = { all: ["billing"] as const, overview: () => ["billing", "overview"] as const };

export function useBilling() {
  return useQuery({ queryKey: billingKeys.overview(), queryFn: () => api.get<BillingOverview>("/billing") });
}

/** A plan that starts, ends or changes: 결제 관리, usage, subscription and auth/me are read again. */
const afterChange = () => [billingKeys.all, ...planChangeKeys()] as const;

export function useSubscribe() {
  return useInvalidatingMutation(
    (input: { planId: string; period: BillingPeriod }) => api.post<SubscribeAnswer>("/billing/subscribe", input),
    afterChange,
  );
}

export function useRegisterCard() {
  return useInvalidatingMutation(
    (input: { authKey: string; customerKey: string }) => api.post<{ message: string }>("/billing/card", input),
    afterChange,
  );
}

export function useCardChange() {
  return useInvalidatingMutation(() => api.post<{ customerKey: string; clientKey: string }>("/billing/card/change", {}), afterChange);
}

export function useCancelSubscription() {
  return useInvalidatingMutation(() => api.post<{ message: string }>("/billing/cancel", {}), afterChange);
}

export function useResumeSubscription() {
  return useInvalidatingMutation(() => api.post<{ message: string }>("/billing/resume", {}), afterChange);
}

/** 환불 요청: the member's own charge refunded in full (within 7 days, unused); the plan ends. */
export function useRefundPayment() {
  return useInvalidatingMutation((paymentId: string) => api.post<{ message: string }>("/billing/refund", { paymentId }), afterChange);
}

/** 플랜 변경 견적: nothing changes or is charged. */
export function useChangeQuote() {
  return useMutation({
    mutationFn: (input: { planId: string; period: BillingPeriod }) => api.post<ChangeQuote>("/billing/change/quote", input),
  });
}

/** 플랜 변경: an upgrade is charged and applies now; a downgrade or period change is scheduled. */
export function useChangePlan() {
  return useInvalidatingMutation(
    (input: { planId: string; period: BillingPeriod }) => api.post<ChangeQuote & { orderId: string | null }>("/billing/change", input),
    afterChange,
  );
}

/** 변경 취소: a scheduled plan change is dropped. */
export function useCancelPlanChange() {
  return useInvalidatingMutation(() => api.post<{ message: string }>("/billing/change/cancel", {}), afterChange);
}
