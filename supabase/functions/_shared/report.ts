// The report as every view shows it: the teacher's screen, the print, the student link, the landing's
// sample and the TXT download. One shape (ReportDocument), one list of the facts at its top
// (reportFacts), one wording of its section titles (REPORT_SECTIONS). A fact added here shows on the
// screen, in print, on the student link and in the TXT.
import type { RubricCategory } from "./grading.ts";
import type { ReviewableFields } from "./review.ts";

export const REPORT_SECTIONS = {
  categories: "항목별 점수",
  strengths: "우수한 점",
  improvements: "개선이 필요한 점",
  /** `detailedFeedback`: the 3–6 sentence overall judgement. */
  feedback: "종합 평가",
  suggestions: "향후 개선 방안",
  question: "문제와 평가 기준",
  answer: "답안 첨삭",
} as const;

/**
 * What a report shows, whoever reads it. Teacher-only facts are optional: the student link has no
 * 수험번호 and no completion date, the landing's sample no dates at all.
 */
export interface ReportDocument extends ReviewableFields {
  studentInfo: { name: string | null; studentId?: string | null };
  submittedAt?: string | null;
  completedAt?: string | null;
  reviewed?: boolean;
  reviewedAt?: string | null;
  /** The teacher changed something and has not marked it 검토 완료 yet. */
  edited?: boolean;
  question: string;
  answer: string;
  rubric: RubricCategory[];
}

export interface ReportFact {
  key: string;
  label: string;
  value: string;
}

/** The review state word for word: edits saved but not marked 검토 완료 yet. */
export const REVIEW_EDITED_TEXT = "수정 저장됨 · 검토 완료 전";

/** The review state in words: reviewed (with its date), edited and saved but not reviewed yet, or not yet. */
export function reviewStateText(
  r: Pick<ReportDocument, "reviewed" | "reviewedAt" | "edited">,
  date: (iso: string | null) => string,
): string {
  if (r.reviewed) return r.reviewedAt ? `검토 완료 (${date(r.reviewedAt)})` : "검토 완료";
  return r.edited ? REVIEW_EDITED_TEXT : "검토 전";
}

/**
 * The facts at the top of a report, in order, for the fields this document has (`date` formats an
 * ISO time for the reader: Seoul time on the screen and in the TXT).
 */
export function reportFacts(r: ReportDocument, date: (iso: string | null) => string): ReportFact[] {
  const facts: ReportFact[] = [
    { key: "name", label: "학생 이름", value: r.studentInfo.name || "-" },
    { key: "length", label: "글자 수", value: `${[...r.answer].length.toLocaleString("ko-KR")}자 (공백 포함)` },
  ];
  if (r.studentInfo.studentId !== undefined) facts.push({ key: "studentId", label: "수험번호", value: r.studentInfo.studentId || "-" });
  if (r.submittedAt !== undefined) facts.push({ key: "submittedAt", label: "제출일", value: date(r.submittedAt ?? null) });
  if (r.completedAt !== undefined) facts.push({ key: "completedAt", label: "완료일", value: date(r.completedAt ?? null) });
  if (r.reviewed !== undefined) facts.push({ key: "review", label: "검토", value: reviewStateText(r, date) });
  return facts;
}
