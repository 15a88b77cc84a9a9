// The teacher's review body built from a report.
import { reviewBodyFromReport, type ReviewBody, type ReviewedReport } from "../../supabase/functions/_shared/review.ts";

/** The review body for the report as shown, with `patch` applied. */
export function reviewBodyOf(r: ReviewedReport, patch: Partial<ReviewBody> = {}): ReviewBody {
  return { ...reviewBodyFromReport(r), ...patch };
}
