// Korean messages of the sessions domain (a session = prompt + criteria; its batch of answers).

import { WORKSPACE_MESSAGES } from "../lib/workspace/messages.ts";

export const SESSION_MESSAGES = {
  sessionNotFound: WORKSPACE_MESSAGES.sessionNotFound,
  deleted: "작업이 성공적으로 삭제되었습니다.",
  batchUploaded: (n: number) => `${n}개의 답안이 업로드되었습니다. 첨삭을 시작해 주세요.`,
  batchStarted: (n: number) => `${n}개의 답안 첨삭을 시작했습니다.`,
  nothingToStart: "시작할 답안이 없습니다. 먼저 답안 파일을 업로드해주세요.",
  sampleStarted: "샘플 답안 3개의 첨삭을 시작했습니다. 샘플 체험은 사용 횟수에 포함되지 않습니다.",
  promptLabel: "논술 문제",
  criteriaLabel: "평가 기준",
  setupWhileGrading: WORKSPACE_MESSAGES.setupWhileGrading,
  replaceNothing: "바꿀 파일을 선택해 주세요. (논술 문제 또는 평가 기준)",
} as const;

/** 전체 재채점 (POST /sessions/:id/regrade-all). */
export const REGRADE_ALL_MESSAGES = {
  invalidBody: "재채점 요청 형식이 올바르지 않습니다. (all, includeReviewed: true 또는 false)",
  notEnough: (needed: number, remaining: number) =>
    `전체 재채점에는 사용 횟수 ${needed}회가 필요하지만 남은 횟수는 ${remaining}회입니다. 아무 답안도 재채점하지 않았습니다.`,
  queued: (n: number) => `답안 ${n}개의 재채점을 시작했습니다. 새 결과가 나올 때까지 이전 결과를 볼 수 있습니다.`,
  nothing: "재채점할 답안이 없습니다.",
} as const;
