// Korean messages shared by the domains that work on a caller's sessions and answers.

export const WORKSPACE_MESSAGES = {
  sessionNotFound: "작업을 찾을 수 없습니다.",
  /** A colleague's assignment in an organisation: read, never changed, by the other members. */
  colleagueReadOnly: "다른 선생님의 과제는 볼 수만 있습니다. 바꾸려면 과제를 만든 선생님께 요청해 주세요.",
  /** A change of a session's setup (question, criteria, rubric, anchor answers) while its answers are graded. */
  setupWhileGrading: "채점 중이거나 대기 중인 답안이 있어 지금은 문제·평가 기준을 바꿀 수 없습니다. 채점이 끝난 뒤 다시 시도해 주세요.",
} as const;
