import type { AnnotationKind } from "./annotation-kinds.ts";

/** One rubric category: what the grader scores and how many points it is worth. */
export interface RubricCategory {
  name: string;
  maxScore: number;
  description?: string;
}

export const DEFAULT_RUBRIC: RubricCategory[] = [
  { name: "논리 구조", maxScore: 40, description: "서론·본론·결론의 짜임과 주장 전개의 일관성" },
  { name: "근거의 타당성", maxScore: 30, description: "주장을 뒷받침하는 근거·사례·자료의 적절성" },
  { name: "언어 표현", maxScore: 30, description: "어휘, 문장, 맞춤법·띄어쓰기, 문단 구성" },
];

export { ANNOTATION_KINDS, type AnnotationKind } from "./annotation-kinds.ts";

/**
 * An annotation as stored (analysis_results.annotations) and returned by the report:
 * `answer.slice(start, end) === quote`, offsets in UTF-16 code units of the answer text the report
 * returns. All text fields are untrusted (model or student): render as text, never as HTML.
 */
export interface Annotation {
  start: number;
  end: number;
  quote: string;
  kind: AnnotationKind;
  /** A category name of the rubric. */
  category: string;
  comment: string;
  /** Suggested rewrite of the quoted span (고칠 점 only), else null. */
  rewrite: string | null;
  /** Who made it: the AI grader, the built-in offline analyzer, or the teacher in a review. */
  source: AnnotationSource;
}

export interface CategoryScore {
  name: string;
  score: number;
  maxScore: number;
  feedback: string;
  /**
   * Set when the answer was graded several times (GRADING_SAMPLES) and the samples' scores for
   * this category were more than 10 % of its points apart: the score shown is their median.
   */
  sampleScores?: number[];
  /**
   * Set when the model did not score this category (asked twice): the score is 0 and not a
   * grade; the result is flagged `missing_category` with the reason (GradeResult.needsReviewReason).
   */
  missing?: true;
}

export type GraderKind = "ai" | "offline";

/** Who made an annotation: a grader, or the teacher while reviewing (teacher review, review.ts). */
export type AnnotationSource = GraderKind | "teacher";

/** Flags the server attaches to a result; shown to the teacher in the report. */
export type GradeFlag = "manipulation" | "off_topic" | "too_short" | "blank" | "needs_check" | "missing_category";

/** The written feedback of a result, in the order the report shows it. */
export interface ResultFeedback {
  strengths: string[];
  improvementAreas: string[];
  detailedFeedback: string;
  suggestions: string[];
}

export interface GradeResult extends ResultFeedback {
  overallScore: number;
  maxScore: number;
  categoryScores: CategoryScore[];
  grader: GraderKind;
  model: string | null;
  flags: GradeFlag[];
  /** Inline annotations located in the answer text (see `Annotation`); [] when none. */
  annotations: Annotation[];
  /** Why the teacher must check this result (확인 필요), e.g. the categories the model left unscored; absent when none. */
  needsReviewReason?: string;
}

export const FLAG_LABELS: Record<GradeFlag, string> = {
  manipulation: "채점 지시 조작 시도 감지",
  off_topic: "문제와 관련성 낮음",
  too_short: "분량 크게 부족",
  blank: "빈 답안",
  needs_check: "확인 필요 (반복 채점 간 점수 차이 큼)",
  missing_category: "확인 필요 (AI가 채점하지 않은 항목 있음)",
};

export const OFFLINE_GRADER_LABEL = "오프라인 분석기 채점 (AI 채점 아님)";

/** Report data per submission (docs/product.md#report-data). */
export interface ReportData extends ResultFeedback {
  submissionId: string;
  studentInfo: { name: string | null; studentId: string | null };
  submittedAt: string;
  completedAt: string | null;
  overallScore: number;
  maxScore: number;
  categories: CategoryScore[];
  grader: GraderKind;
  graderLabel: string;
  model: string | null;
  flags: GradeFlag[];
  flagLabels: string[];
  essayFilename: string | null;
  promptFilename: string | null;
  /** The question (prompt) text of the session; "" when it has none. */
  question: string;
  /** The rubric the answer was graded with: categories and their points. */
  rubric: RubricCategory[];
  /** The student's answer as stored (the text read from an image for scans). */
  answer: string;
  /** Inline annotations: `answer.slice(a.start, a.end) === a.quote`, sorted by start, no overlaps. */
  annotations: Annotation[];
  /** How many anchor answers (기준 답안) were in the model's prompt (0 or absent: none). */
  anchorsUsed?: number;
}

/** The report's line about anchor answers, or null when none were used. */
export function anchorsUsedText(n: number | undefined): string | null {
  return n && n > 0 ? `기준 답안 ${n}개를 참고해 채점했습니다.` : null;
}

export { scorePercent } from "./format.ts";

/** Score tiers (docs/product.md#score-tiers): 85 % and 70 %. */
export function scoreTier(score: number, max: number): "high" | "mid" | "low" {
  const ratio = max > 0 ? score / max : 0;
  if (ratio >= 0.85) return "high";
  if (ratio >= 0.7) return "mid";
  return "low";
}
