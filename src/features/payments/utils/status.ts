import type { PaymentRecord } from "@shared/types.ts";

export const PAYMENT_STATUS_LABELS: Record<PaymentRecord["status"], string> = {
  pending: "결제 대기",
  done: "결제 완료",
  failed: "결제 실패",
  canceled: "취소됨",
  refunded: "환불 완료",
  partially_refunded: "부분 환불",
};
