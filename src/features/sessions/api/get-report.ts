import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReviewedReport } from "@shared/review.ts";
import { api } from "@/lib/api-client";
import { sessionKeys } from "@/features/sessions/api/keys";

export function getReport(submissionId: string): Promise<ReviewedReport> {
  return api.get<ReviewedReport>(`/submissions/${encodeURIComponent(submissionId)}/report`);
}

export const reportQueryOptions = (submissionId: string) =>
  queryOptions({ queryKey: sessionKeys.report(submissionId), queryFn: () => getReport(submissionId) });

export function useReport(submissionId: string) {
  return useQuery(reportQueryOptions(submissionId));
}
