// Korean texts of a class's results across its assignments (matrix, .xlsx).

export const CLASS_GROWTH_MESSAGES = {
  classNotFound: "반을 찾을 수 없습니다.",
  /** Sheet names (31 characters at most, none of : \ / ? * [ ]). */
  scoresSheet: "학생별 점수",
  averagesSheet: "항목별 평균",
  examNumber: "수험번호",
  name: "이름",
  seatNumber: "번호",
  points: "점수",
  percent: "%",
  assignment: "과제",
  date: "날짜",
  total: "총점",
  gradedCount: "채점 인원",
  filenameSuffix: "성적",
} as const;
