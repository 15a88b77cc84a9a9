// Korean messages shared by the domains that work on a caller's sessions and answers.

export const WORKSPACE_MESSAGES = {
  sessionNotFound: "작업을 찾을 수 없습니다.",
  /** A change of a session's setup (question, criteria, rubric, anchor answers) while its answers are graded. */
  setupWhileGrading: "채점 중이거나 대기 중인 답안이 있어 지금은 문제·평가 기준을 바꿀 수 없습니다. 채점이 끝난 뒤 다시 시도해 주세요.",
} as const;
