// A paid 29,900원 교육자 order as GET /admin/users/:id/payments lists it; tests change what they test.
import type { PaymentRecord } from "@shared/types.ts";

export function paymentRecord(overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    orderId: "ord_member_paid_1",
    orderName: "교육자 1개월 이용권",
    planId: "educator",
    planName: "교육자",
    amount: 29900,
    currency: "KRW",
    status: "done",
    method: "카드",
    createdAt: "2026-03-01T01:00:00Z",
    approvedAt: "2026-03-01T01:00:00Z",
    periodStart: "2026-03-01T01:00:00Z",
    periodEnd: "2026-04-01T01:00:00Z",
    receiptUrl: null,
    refundedAmount: 0,
    refundedAt: null,
    refundReason: null,
    ...overrides,
  };
}
