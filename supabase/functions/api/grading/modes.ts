// How an answer is graded by the model: GRADING_MODE (holistic: one call for the whole grade;
// per-criterion: one call per rubric category, in parallel, plus one for the overall feedback) and
// GRADING_SAMPLES (k gradings, the per-category median kept; see grade.ts combineSamples).
import type OpenAI from "openai";
import type { GradeResult, RubricCategory } from "../../_shared/grading.ts";
import type { LlmGrade } from "./schemas.ts";
import type { AnchorAnswer } from "./anchor-prompt.ts";
import { combineSamples, finalizeLlmGrade, type Precheck } from "./grade.ts";
import { type LlmConfig, requestCriterion, requestGrade, requestOverall, type UsageSink, withRetries } from "./llm.ts";
import { criterionSystemPrompt, overallSystemPrompt, systemPrompt } from "./prompts.ts";
import { badAnnotationCategories, checkGrade, problemCount } from "./rubric-check.ts";

export type GradingMode = "holistic" | "per-criterion";

/** At most this many samples per answer, whatever the caller asks (each is a paid grading; GRADING_SAMPLES allows 1–5). */
const MAX_SAMPLES = 5;

export interface ModelGradingInput {
  client: OpenAI;
  cfg: LlmConfig;
  rubric: RubricCategory[];
  question: string;
  pre: Precheck;
  mode: GradingMode;
  samples: number;
  /** The session's anchor answers (기준 답안), in the fixed prefix of every prompt. */
  anchors?: AnchorAnswer[];
  onUsage?: UsageSink;
  /** Checked before every call and retry: true stops (the job is gone), see `gone`. */
  stopped?: () => boolean;
  /** Thrown when `stopped()` is true before a call. */
  gone?: () => Error;
  onRetry?: (attempt: number, reason: string) => Promise<void> | void;
}

/**
 * Calls `call` and, when its output is not true to the rubric (`problems` > 0), once more; keeps
 * the output with fewer problems (the second on a tie). What is still wrong then is flagged by
 * finalizeLlmGrade, never retried further (each call is paid).
 */
async function withOneRecheck<T>(call: () => Promise<T>, problems: (out: T) => number): Promise<T> {
  const first = await call();
  const p1 = problems(first);
  if (p1 === 0) return first;
  const second = await call();
  return problems(second) <= p1 ? second : first;
}

/**
 * One grading of the answer in the given mode, as the model's grade (before finalizing). The
 * schemas are built from `rubric` (the rubric this grading runs under); an output that misses or
 * renames a category, or labels an annotation with a name not in the rubric, is asked for once more.
 */
async function gradeOnce(input: ModelGradingInput): Promise<LlmGrade> {
  const { client, cfg, rubric, question, pre, onUsage } = input;
  const anchors = input.anchors ?? [];
  const guarded = <T>(call: () => Promise<T>) =>
    withRetries(
      cfg,
      () => {
        // A retry is a new paid call: not for an answer deleted meanwhile.
        if (input.stopped?.()) throw input.gone?.() ?? new Error("stopped");
        return call();
      },
      input.onRetry,
    );
  if (input.mode === "holistic") {
    const system = systemPrompt(rubric, question, anchors);
    const call = requestGrade(rubric);
    return withOneRecheck(
      () => guarded(() => call(client, cfg, system, pre.essay, onUsage)),
      (g) => problemCount(checkGrade(g, rubric)),
    );
  }
  const overallPrompt = overallSystemPrompt(rubric, question, anchors);
  const overallCall = requestOverall(rubric);
  const [overall, ...criteria] = await Promise.all([
    withOneRecheck(
      () => guarded(() => overallCall(client, cfg, overallPrompt, pre.essay, onUsage)),
      (o) => badAnnotationCategories(o.annotations, rubric).length,
    ),
    ...rubric.map((c) => {
      const system = criterionSystemPrompt(c, question, anchors, rubric);
      const call = requestCriterion(c);
      return withOneRecheck(
        () => guarded(() => call(client, cfg, system, pre.essay, onUsage)),
        (r) => (r.score === null ? 1 : 0),
      );
    }),
  ]);
  return {
    ...overall,
    // A category whose call gave no score twice is left out: finalizeLlmGrade marks it missing.
    categories: rubric.flatMap((c, i) => {
      const { score, feedback } = criteria[i];
      return score === null ? [] : [{ name: c.name, score, feedback }];
    }),
  };
}

/**
 * Grades the answer `samples` times (in parallel) in `mode` and combines the results: one sample
 * is returned as finalized; several give the per-category median with a "확인 필요" hint where
 * they disagree (grade.ts combineSamples).
 */
export async function gradeWithModel(input: ModelGradingInput): Promise<GradeResult> {
  const k = Math.max(1, Math.min(MAX_SAMPLES, Math.floor(input.samples) || 1));
  const grades = await Promise.all(Array.from({ length: k }, () => gradeOnce(input)));
  const results = grades.map((g) => finalizeLlmGrade(g, input.rubric, input.pre, input.cfg.model));
  return combineSamples(results, input.pre);
}
