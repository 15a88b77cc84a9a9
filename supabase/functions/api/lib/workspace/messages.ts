// Korean messages shared by the domains that work on a caller's sessions and answers.

export const WORKSPACE_MESSAGES = {
  sessionNotFound: "작업을 찾을 수 없습니다.",
} as const;
