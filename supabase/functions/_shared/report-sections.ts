// The report's section titles, one wording for the screen (report, shared report, print, review)
// and the TXT download (grading/report.ts).

export const REPORT_SECTIONS = {
  categories: "항목별 점수",
  strengths: "우수한 점",
  improvements: "개선이 필요한 점",
  /** `detailedFeedback`: the 3–6 sentence overall judgement. */
  feedback: "종합 평가",
  suggestions: "향후 개선 방안",
} as const;
