import type { CategoryScore, GradeFlag, GradeResult, RubricCategory } from "../../_shared/grading.ts";
import type { LlmGrade } from "./schemas.ts";
import { locateAnnotations } from "./annotations.ts";
import { matchCategories, MISSING_CATEGORY_FEEDBACK, missingCategoriesReason } from "./rubric-check.ts";
import { gradeOffline, offlineAnnotations } from "./offline.ts";
import { countChars, OFF_TOPIC_OVERLAP, scanSteering, targetLength, topicOverlap } from "./text.ts";

/** Below this many characters (spaces excluded) an answer is not sent to any grader. */
export const MIN_GRADABLE_CHARS = 30;

export interface GradeInput {
  essay: string;
  question: string;
  rubric: RubricCategory[];
}

/** Everything decided before any grader sees the answer, without trusting a model. */
export interface Precheck {
  /** The answer as given (and as the report returns it): annotation offsets point into this. */
  answer: string;
  /** The answer as the grader may see it: steering sentences removed. */
  essay: string;
  flags: GradeFlag[];
  /** A ready result (blank or far too short answers): no grader call is needed. */
  immediate: GradeResult | null;
  /** Upper bound for the total, as a fraction of the maximum. */
  cap: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

export function precheck(input: GradeInput): Precheck {
  const scan = scanSteering(input.essay);
  const flags: GradeFlag[] = scan.flagged ? ["manipulation"] : [];
  const chars = countChars(scan.cleaned);
  const maxScore = input.rubric.reduce((s, c) => s + c.maxScore, 0);

  if (chars < MIN_GRADABLE_CHARS) {
    const blank = chars === 0;
    flags.push(blank ? "blank" : "too_short");
    const msg = blank ? "답안 내용이 없어 채점할 수 없습니다." : `답안이 ${chars}자로 너무 짧아 채점할 수 없습니다.`;
    return {
      answer: input.essay,
      essay: scan.cleaned,
      flags,
      cap: 0,
      immediate: {
        overallScore: 0,
        maxScore,
        categoryScores: input.rubric.map((c) => ({ name: c.name, score: 0, maxScore: c.maxScore, feedback: msg })),
        strengths: [],
        improvementAreas: [msg, ...(scan.flagged ? ["답안에 채점 지시를 바꾸려는 문장이 포함되어 있습니다."] : [])],
        detailedFeedback: `${msg} 문제에서 요구하는 내용을 갖추어 다시 작성해 주세요.`,
        suggestions: [
          "문제를 다시 읽고 요구하는 물음에 대한 자신의 주장을 한 문장으로 정리해 보세요.",
          "주장을 뒷받침하는 근거를 두세 가지 들어 본론 문단을 작성하세요.",
          "서론–본론–결론의 짜임을 갖추어 요구 분량에 맞게 완성하세요.",
        ],
        grader: "offline",
        model: null,
        flags,
        annotations: [],
      },
    };
  }

  let cap = 1;
  const target = targetLength(input.question) ?? 800;
  if (chars < target * 0.25) {
    flags.push("too_short");
    cap = Math.min(cap, 0.4);
  }
  const overlap = topicOverlap(input.question, scan.cleaned);
  if (overlap !== null && overlap < OFF_TOPIC_OVERLAP) {
    flags.push("off_topic");
    cap = Math.min(cap, 0.3);
  }
  return { answer: input.essay, essay: scan.cleaned, flags, immediate: null, cap };
}

/** A category the model did not score: 0 points that are not a grade, marked `missing`. */
function missingCategory(c: RubricCategory): CategoryScore {
  return { name: c.name, score: 0, maxScore: c.maxScore, feedback: MISSING_CATEGORY_FEEDBACK, missing: true };
}

/** Adds the `missing_category` flag and its reason when any category is unscored. */
function flagMissing(flags: GradeFlag[], categoryScores: CategoryScore[]): { flags: GradeFlag[]; needsReviewReason?: string } {
  const missing = categoryScores.filter((c) => c.missing).map((c) => c.name);
  if (missing.length === 0) return { flags: flags.filter((f) => f !== "missing_category") };
  return { flags: [...new Set([...flags, "missing_category" as const])], needsReviewReason: missingCategoriesReason(missing) };
}

/**
 * Turns the model's answer into our result: categories matched to the rubric by name (rubric-check.ts:
 * exact after normalising spaces and punctuation, or one unambiguous near name), each score
 * clamped to [0, max], the total computed here, caps and flags applied; a rubric category the
 * output does not score is marked `missing` and flagged 확인 필요 with its name (never guessed by
 * position, never a silent 0); annotations kept only where their quote occurs in the answer and
 * their category is the rubric's (grading/annotations.ts).
 */
export function finalizeLlmGrade(grade: LlmGrade, rubric: RubricCategory[], pre: Precheck, model: string): GradeResult {
  const matched = matchCategories(grade, rubric);
  const scored: CategoryScore[] = rubric.map((c) => {
    const g = grade.categories[matched.indexOf(c.name)];
    if (!g) return missingCategory(c);
    return {
      name: c.name,
      score: round1(Math.min(Math.max(g.score, 0), c.maxScore)),
      maxScore: c.maxScore,
      feedback: g.feedback?.trim() || "이 항목에 대한 세부 피드백이 제공되지 않았습니다.",
    };
  });
  const { flags: withMissing, needsReviewReason } = flagMissing(pre.flags, scored);
  const flags = [...withMissing];
  let cap = pre.cap;
  if (!grade.onTopic && !flags.includes("off_topic")) {
    flags.push("off_topic");
    cap = Math.min(cap, 0.5);
  }
  if (grade.manipulationAttempt && !flags.includes("manipulation")) flags.push("manipulation");
  return applyCap(
    {
      overallScore: 0,
      maxScore: rubric.reduce((s, c) => s + c.maxScore, 0),
      categoryScores: scored,
      strengths: grade.strengths.filter((s) => s.trim()),
      improvementAreas: grade.improvementAreas.filter((s) => s.trim()),
      detailedFeedback: grade.detailedFeedback.trim(),
      suggestions: grade.suggestions.filter((s) => s.trim()),
      grader: "ai",
      model,
      flags,
      annotations: locateAnnotations(pre.answer, grade.annotations ?? [], rubric, "ai"),
      ...(needsReviewReason ? { needsReviewReason } : {}),
    },
    cap,
  );
}

/** Scales categories down so the total stays within cap·max, then recomputes the total. */
export function applyCap(result: GradeResult, cap: number): GradeResult {
  const sum = result.categoryScores.reduce((s, c) => s + c.score, 0);
  const limit = result.maxScore * cap;
  const scale = sum > limit && sum > 0 ? limit / sum : 1;
  const categoryScores = result.categoryScores.map((c) => ({ ...c, score: round1(Math.floor(c.score * scale * 10) / 10) }));
  const notes: string[] = [];
  if (result.flags.includes("manipulation")) notes.push("답안에 채점 지시를 바꾸려는 문장이 있어 해당 문장은 채점에서 제외되었습니다.");
  if (result.flags.includes("off_topic")) notes.push("답안이 문제의 주제와 관련성이 낮아 점수가 제한되었습니다.");
  if (result.flags.includes("too_short")) notes.push("답안 분량이 요구 분량에 크게 못 미쳐 점수가 제한되었습니다.");
  if (result.flags.includes("needs_check")) notes.push("여러 번 채점한 점수가 항목 배점의 10% 넘게 달라 교사의 확인이 필요합니다.");
  if (result.needsReviewReason) notes.push(result.needsReviewReason);
  const improvementAreas = [...notes.filter((n) => !result.improvementAreas.includes(n)), ...result.improvementAreas];
  return {
    ...result,
    categoryScores,
    improvementAreas,
    overallScore: round1(categoryScores.reduce((s, c) => s + c.score, 0)),
  };
}

export function gradeWithoutLlm(input: GradeInput, pre: Precheck): GradeResult {
  const r = gradeOffline(pre.essay, input.question, input.rubric);
  const flags = [...new Set([...pre.flags, ...r.flags])];
  // Scores come from the answer without steering sentences; annotation offsets must point into
  // the answer as given (the text the report returns), so they are measured on that.
  const annotations = offlineAnnotations(input.essay, input.question, input.rubric);
  return applyCap({ ...r, flags, annotations }, pre.cap);
}

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Samples more than this fraction of a category's points apart get a "확인 필요" hint. */
export const SAMPLE_DISAGREEMENT = 0.1;

/**
 * Combines k results of the same answer (GRADING_SAMPLES, each from finalizeLlmGrade) into one:
 * each category's score is the median of the samples' (its feedback from the sample nearest to
 * it), the texts and annotations come from the sample whose total is nearest to the medians' sum,
 * the cap is applied again; a category whose samples spread over more than 10 % of its points
 * keeps the sample scores (`sampleScores`) and the result gets the `needs_check` flag.
 */
export function combineSamples(samples: GradeResult[], pre: Precheck): GradeResult {
  if (samples.length === 1) return samples[0];
  let disagree = false;
  const categoryScores: CategoryScore[] = samples[0].categoryScores.map((c, i) => {
    // A sample that left the category unscored has no say in it; unscored in all: still missing.
    const scoring = samples.filter((s) => s.categoryScores[i] && !s.categoryScores[i].missing);
    if (scoring.length === 0) return { ...c };
    const scores = scoring.map((s) => s.categoryScores[i].score);
    const m = round1(median(scores));
    const nearest = scoring.reduce((best, s) =>
      Math.abs(s.categoryScores[i].score - m) < Math.abs(best.categoryScores[i].score - m) ? s : best,
    );
    const spread = Math.max(...scores) - Math.min(...scores);
    const { missing: _missing, ...base } = c;
    const out: CategoryScore = { ...base, score: m, feedback: nearest.categoryScores[i].feedback };
    if (spread > c.maxScore * SAMPLE_DISAGREEMENT + 1e-9) {
      disagree = true;
      out.sampleScores = scores;
    }
    return out;
  });
  const total = categoryScores.reduce((s, c) => s + c.score, 0);
  const rep = samples.reduce((best, s) => (Math.abs(s.overallScore - total) < Math.abs(best.overallScore - total) ? s : best));
  const sampled = [...new Set(samples.flatMap((s) => s.flags))];
  if (disagree) sampled.push("needs_check");
  const { flags, needsReviewReason } = flagMissing(sampled, categoryScores);
  let cap = pre.cap;
  if (flags.includes("off_topic") && !pre.flags.includes("off_topic")) cap = Math.min(cap, 0.5);
  const { needsReviewReason: _old, ...repRest } = rep;
  const improvementAreas = repRest.improvementAreas.filter((a) => !samples.some((s) => s.needsReviewReason === a));
  return applyCap({ ...repRest, improvementAreas, categoryScores, flags, ...(needsReviewReason ? { needsReviewReason } : {}) }, cap);
}
