// Korean texts of a student's history (GET /students/:id).

export const HISTORY_MESSAGES = {
  studentNotFound: "학생을 찾을 수 없습니다.",
} as const;
