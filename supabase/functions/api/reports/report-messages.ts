// Korean messages of the report routes.

export const REPORT_MESSAGES = {
  reportNotFound: "리포트를 찾을 수 없습니다.",
} as const;
