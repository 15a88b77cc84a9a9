// Korean messages of member management (admins only).

export const ADMIN_MESSAGES = {
  selfDelete: "자신의 계정은 삭제할 수 없습니다.",
  deleted: "계정이 삭제되었습니다.",
  planChanged: "구독 플랜이 변경되었습니다.",
  planRequired: "변경할 플랜을 선택해주세요.",
  deleteFailed: "계정 삭제 중 오류가 발생했습니다.",
  endDateInvalid: "종료일이 올바르지 않습니다.",
  endDateInPast: "종료일은 현재 이후여야 합니다.",
  endDateForFreePlan: "체험판에는 종료일을 지정할 수 없습니다.",
  refundReasonRequired: "환불 사유를 입력해 주세요(200자 이내).",
  refundAmountInvalid: "환불 금액이 올바르지 않습니다.",
  usageRangeInvalid: "조회 기간이 올바르지 않습니다. from·to를 YYYY-MM-DD로, 366일 이내로 지정해 주세요.",
  userKindInvalid: "회원 구분은 회원, 게스트, 전체 중 하나여야 합니다.",
  searchTooLong: "검색어는 100자까지 입력할 수 있습니다.",
  pageInvalid: "페이지 번호가 올바르지 않습니다.",
} as const;
