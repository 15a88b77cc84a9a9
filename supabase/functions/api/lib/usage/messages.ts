// Korean messages of the usage domain (limits reached, daily free budgets).

export const USAGE_MESSAGES = {
  exceeded: "현재 플랜의 월간 분석 한도에 도달했습니다. 계속 사용하시려면 플랜을 업그레이드하세요.",
  /** `limit` comes from the usage snapshot (the database), so the text cannot drift from the rule. */
  guestExceeded: (limit: number) => `게스트 무료 사용 횟수(${limit}회)를 모두 사용했습니다. 회원가입 후 플랜을 선택해 주세요.`,
  freeAddress: (isGuest: boolean) =>
    `이 네트워크에서 오늘 사용할 수 있는 무료 첨삭 횟수를 모두 사용했습니다. ${
      isGuest ? "회원가입 후 플랜을 선택하거나" : "유료 플랜을 선택하거나"
    } 내일 다시 시도해 주세요.`,
  freeDevice: (isGuest: boolean) =>
    `이 기기에서 오늘 사용할 수 있는 무료 첨삭 횟수를 모두 사용했습니다. ${
      isGuest ? "회원가입 후 플랜을 선택하거나" : "유료 플랜을 선택하거나"
    } 내일 다시 시도해 주세요.`,
  notEnough: (remaining: number, wanted: number) =>
    `이번 달 남은 분석 횟수(${remaining}회)보다 많은 답안(${wanted}개)입니다. 플랜을 업그레이드하거나 답안 수를 줄여 주세요.`,
  userNotFound: "사용자를 찾을 수 없습니다.",
  /** An organisation's pooled quota ran out (its owner's plan). */
  orgPoolExceeded: (limit: number) =>
    `기관의 이번 달 공동 분석 한도(${limit.toLocaleString("ko-KR")}회)를 모두 사용했습니다. 기관 소유자에게 플랜 변경을 요청해 주세요.`,
  orgNotEnough: (remaining: number, wanted: number) =>
    `기관의 이번 달 남은 공동 분석 횟수(${remaining}회)보다 많은 답안(${wanted}개)입니다. 답안 수를 줄이거나 기관 소유자에게 문의해 주세요.`,
  /** The member's own monthly cap in the organisation (set by its owner or managers). */
  memberCapExceeded: (cap: number) =>
    `이번 달 선생님께 배정된 분석 한도(${cap.toLocaleString("ko-KR")}회)를 모두 사용했습니다. 기관 관리자에게 한도 조정을 요청해 주세요.`,
  memberNotEnough: (remaining: number, wanted: number) =>
    `이번 달 선생님께 배정된 남은 분석 횟수(${remaining}회)보다 많은 답안(${wanted}개)입니다. 답안 수를 줄이거나 기관 관리자에게 문의해 주세요.`,
} as const;
