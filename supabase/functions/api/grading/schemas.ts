// What the model must return: the JSON schemas sent with each call (built per session from the
// rubric the grading runs under) and the zod schemas the server checks the output with.
import { z } from "zod";
import { ANNOTATION_KINDS, type RubricCategory } from "../../_shared/grading.ts";

/**
 * One annotation as the model returns it: an exact quote from the answer, a rubric category name,
 * a kind, a comment, and (for 고칠 점) a suggested rewrite. Untrusted: the server keeps it only if
 * the quote really occurs in the answer (grading/annotations.ts).
 */
export const llmAnnotationSchema = z.object({
  quote: z.string(),
  category: z.string(),
  kind: z.enum(ANNOTATION_KINDS),
  comment: z.string(),
  rewrite: z.string().nullable(),
});
export type LlmAnnotation = z.infer<typeof llmAnnotationSchema>;

/**
 * A grade as the server reads it (after `categoriesAsList`): the categories as a list of named
 * scores. Names are checked against the rubric afterwards (rubric-check.ts), so a renamed or
 * missing category is seen, retried once and flagged — never silently scored 0.
 */
export const llmGradeSchema = z.object({
  categories: z.array(
    z.object({
      name: z.string(),
      score: z.number(),
      feedback: z.string(),
    }),
  ),
  strengths: z.array(z.string()),
  improvementAreas: z.array(z.string()),
  detailedFeedback: z.string(),
  suggestions: z.array(z.string()),
  onTopic: z.boolean(),
  manipulationAttempt: z.boolean(),
  annotations: z.array(llmAnnotationSchema),
});
export type LlmGrade = z.infer<typeof llmGradeSchema>;

/** What a per-criterion call returns: the score and feedback of its one category (score null: none given). */
export const llmCriterionSchema = z.object({ score: z.number().nullable(), feedback: z.string() });
export type LlmCriterion = z.infer<typeof llmCriterionSchema>;

/** What the overall-feedback call returns (per-criterion mode): everything of a grade but the category scores. */
export const llmOverallSchema = llmGradeSchema.omit({ categories: true });
export type LlmOverall = z.infer<typeof llmOverallSchema>;

/**
 * The model writes `categories` as an object keyed by the rubric's category names (the schema
 * makes each one required); the server reads them as a list of `{name, score, feedback}`. An
 * answer already in list form is left as it is (JSON mode may ignore the schema).
 */
export function categoriesAsList(parsed: unknown): unknown {
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return parsed;
  const cats = (parsed as { categories?: unknown }).categories;
  if (!cats || typeof cats !== "object" || Array.isArray(cats)) return parsed;
  const list = Object.entries(cats as Record<string, unknown>).flatMap(([name, v]) => {
    if (!v || typeof v !== "object") return [];
    const { score, feedback } = v as { score?: unknown; feedback?: unknown };
    return [{ name, score, feedback: typeof feedback === "string" ? feedback : "" }];
  });
  return { ...parsed, categories: list };
}

// --- JSON schemas sent to the model -------------------------------------------------------------
//
// Written for the strictest common subset of the providers' structured outputs: every object has
// all its properties required and `additionalProperties: false` (OpenAI strict mode), nullable is
// a type list, enums are strings. Score bounds are `minimum`/`maximum` (OpenAI and Gemini enforce
// them; Anthropic's structured outputs refuse numeric bounds with a 400, after which the client
// sends the schema without them: `bounds: false`) and are also stated in each description.

/** Whether the schema carries numeric bounds (see above). */
export interface SchemaOptions {
  bounds?: boolean;
}

const str = (description?: string) => ({ type: "string", ...(description ? { description } : {}) });
const strList = (description: string) => ({ type: "array", items: { type: "string" }, description });

function obj(properties: Record<string, unknown>, description?: string): Record<string, unknown> {
  return {
    type: "object",
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/** A score of 0..max (bounds in the schema unless `bounds: false`, always in the description). */
function scoreSchema(max: number, opts: SchemaOptions): Record<string, unknown> {
  return {
    type: "number",
    description: `0점부터 ${max}점까지의 점수`,
    ...(opts.bounds === false ? {} : { minimum: 0, maximum: max }),
  };
}

function annotationsSchema(rubric: readonly RubricCategory[]): Record<string, unknown> {
  return {
    type: "array",
    description: "첨삭 표시: 답안에 나오는 순서대로",
    items: obj({
      quote: str("답안에서 그대로 복사한 연속된 구절"),
      category: { type: "string", enum: rubric.map((c) => c.name), description: "채점 기준의 항목 이름" },
      kind: { type: "string", enum: [...ANNOTATION_KINDS] },
      comment: str(),
      rewrite: { type: ["string", "null"], description: "kind가 '고칠 점'이면 고쳐 쓴 문장, 그 밖에는 null" },
    }),
  };
}

/** Everything of a grade but the category scores (the overall-feedback call's output). */
function feedbackProperties(rubric: readonly RubricCategory[]): Record<string, unknown> {
  return {
    strengths: strList("우수한 점 2~4개"),
    improvementAreas: strList("개선이 필요한 점 2~4개"),
    detailedFeedback: str("3~6문장의 종합 평가"),
    suggestions: strList("향후 개선 방안 3~5개"),
    onTopic: { type: "boolean" },
    manipulationAttempt: { type: "boolean" },
    annotations: annotationsSchema(rubric),
  };
}

/**
 * The holistic grade's schema for this rubric: `categories` has one required entry per rubric
 * category, keyed by its exact name, each score bounded by that category's points; annotation
 * categories and kinds are enums.
 */
export function gradeJsonSchema(rubric: readonly RubricCategory[], opts: SchemaOptions = {}): Record<string, unknown> {
  const categories = obj(
    Object.fromEntries(
      rubric.map((c) => [
        c.name,
        obj({ score: scoreSchema(c.maxScore, opts), feedback: str("감점 이유와 고칠 점") }, `${c.name} (${c.maxScore}점)`),
      ]),
    ),
    "채점 기준의 모든 항목: 항목 이름 그대로",
  );
  return obj({ categories, ...feedbackProperties(rubric) });
}

/** The overall-feedback call's schema (per-criterion mode): no scores, annotation categories as an enum. */
export function overallJsonSchema(rubric: readonly RubricCategory[]): Record<string, unknown> {
  return obj(feedbackProperties(rubric));
}

/** One category's call (per-criterion mode): its score bounded by its points. */
export function criterionJsonSchema(category: RubricCategory, opts: SchemaOptions = {}): Record<string, unknown> {
  return obj({ score: scoreSchema(category.maxScore, opts), feedback: str("감점 이유와 고칠 점 2~4문장") });
}

/** The transcription call's output: the text read and how legible the page was. */
export const TRANSCRIPTION_LEGIBILITY = ["clear", "partial", "illegible"] as const;
export type Legibility = (typeof TRANSCRIPTION_LEGIBILITY)[number];

export const llmTranscriptionSchema = z.object({ text: z.string(), legible: z.enum(TRANSCRIPTION_LEGIBILITY) });
export type LlmTranscription = z.infer<typeof llmTranscriptionSchema>;

export const TRANSCRIPTION_JSON_SCHEMA: Record<string, unknown> = obj({
  text: str("이미지에 있는 글 그대로 (문단 구분은 빈 줄)"),
  legible: {
    type: "string",
    enum: [...TRANSCRIPTION_LEGIBILITY],
    description: "clear: 모두 읽힘, partial: 일부 글자를 읽기 어려움, illegible: 글을 읽을 수 없음",
  },
});
