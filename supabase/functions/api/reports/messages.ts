// Korean messages of the teacher review and student link routes (the body's field messages are in
// ../../_shared/review.ts, shared with the SPA).
import { SHARE_NOT_FOUND } from "../../_shared/review.ts";

export const REVIEW_API_MESSAGES = {
  reportNotFound: "리포트를 찾을 수 없습니다.",
  notCompleted: "아직 채점이 완료되지 않았습니다.",
  categoryMismatch: "채점 항목이 리포트와 일치하지 않습니다. 새로고침한 뒤 다시 시도해 주세요.",
  scoreOverMax: (name: string, max: number) => `'${name}' 점수는 0점에서 ${max}점 사이로 입력해 주세요.`,
  annotationOutside: "첨삭할 부분이 답안과 일치하지 않습니다. 답안에서 다시 선택해 주세요.",
  annotationOverlap: "첨삭 표시가 서로 겹칩니다. 겹치지 않게 선택해 주세요.",
  annotationCategory: "첨삭의 평가 항목이 채점 기준에 없습니다.",
  notReviewed: "검토 완료한 리포트만 학생에게 공유할 수 있습니다.",
  tooManyShares: (n: number) => `공유 링크는 답안 하나에 ${n}개까지 만들 수 있습니다. 쓰지 않는 링크를 취소해 주세요.`,
  shareNotFound: "공유 링크를 찾을 수 없습니다.",
  sharedNotFound: SHARE_NOT_FOUND,
} as const;
