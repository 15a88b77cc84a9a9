// Korean messages of the submissions domain (one student's answer).

export const SUBMISSION_MESSAGES = {
  notFound: "답안을 찾을 수 없습니다.",
  submitted: "AI 분석이 시작되었습니다. 잠시만 기다려주세요.",
  retryNotError: "채점 오류가 난 답안만 다시 채점할 수 있습니다.",
  retried: "다시 채점을 시작했습니다. 잠시만 기다려주세요.",
  deleted: "답안이 삭제되었습니다.",
  regradeNotCompleted: "채점이 끝난 답안만 재채점할 수 있습니다.",
  regraded: "재채점을 시작했습니다. 새 결과가 나올 때까지 이전 결과를 볼 수 있습니다.",
  refusedNotFound: "제출이 거부된 답안을 찾을 수 없습니다.",
  refusedDismissed: "거부된 답안 안내를 닫았습니다.",
} as const;
