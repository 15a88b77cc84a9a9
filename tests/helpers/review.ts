// The teacher's review body built from a report.
import type { ReviewBody, ReviewedReport } from "../../supabase/functions/_shared/review.ts";

/** The review body for the report as shown, with `patch` applied. */
export function reviewBodyOf(r: ReviewedReport, patch: Partial<ReviewBody> = {}): ReviewBody {
  return {
    categories: r.categories.map((c) => ({ name: c.name, score: c.score, feedback: c.feedback })),
    strengths: r.strengths,
    improvementAreas: r.improvementAreas,
    detailedFeedback: r.detailedFeedback,
    suggestions: r.suggestions,
    annotations: r.annotations.map(({ start, end, quote, kind, category, comment, rewrite }) => ({
      start,
      end,
      quote,
      kind,
      category,
      comment,
      rewrite,
    })),
    ...patch,
  };
}
