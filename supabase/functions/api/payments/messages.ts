// Korean API messages of the payment routes.
export const PAYMENT_MESSAGES = {
  guestCannotBuy: "게스트 사용자는 결제할 수 없습니다. 회원가입 후 이용해주세요.",
  planNotFound: "플랜을 찾을 수 없습니다.",
  freePlanNoPayment: "무료 플랜은 결제가 필요하지 않습니다.",
  paidPlanNeedsPayment: "유료 플랜은 결제가 필요합니다.",
  orderNotFound: "주문을 찾을 수 없습니다.",
  amountMismatch: "결제 금액이 주문 금액과 일치하지 않습니다.",
  alreadyPaidOtherKey: "이미 결제가 완료된 주문입니다.",
  orderClosed: "더 이상 결제할 수 없는 주문입니다. 다시 결제해주세요.",
  notDone: "결제가 아직 완료되지 않았습니다. 잠시 후 다시 시도해주세요.",
  providerMismatch: "결제 내역을 확인할 수 없습니다. 고객센터에 문의해주세요.",
  trialSelected: "체험 플랜으로 변경되었습니다.",
  invalidPaymentKey: "결제 키가 올바르지 않습니다.",
  invalidOrderId: "주문번호가 올바르지 않습니다.",
  invalidAmount: "결제 금액이 올바르지 않습니다.",
} as const;
