// Korean messages of the grading routes (report, worker tick).

export const GRADING_MESSAGES = {
  reportNotFound: "리포트를 찾을 수 없습니다.",
  notCompleted: "아직 채점이 완료되지 않았습니다.",
  tickForbidden: "권한이 없습니다.",
} as const;
