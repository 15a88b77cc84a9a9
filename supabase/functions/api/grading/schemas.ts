// What the model must return, as zod schemas: the structured output the grader asks for and checks.
import { z } from "zod";
import { ANNOTATION_KINDS } from "../../_shared/grading.ts";

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

/** What the model must return (structured output); the server validates, clamps and totals it. */
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

/** What a per-criterion call returns: the score and feedback of its one category. */
export const llmCriterionSchema = z.object({ score: z.number(), feedback: z.string() });
export type LlmCriterion = z.infer<typeof llmCriterionSchema>;

/** What the overall-feedback call returns (per-criterion mode): everything of a grade but the category scores. */
export const llmOverallSchema = llmGradeSchema.omit({ categories: true });
export type LlmOverall = z.infer<typeof llmOverallSchema>;
