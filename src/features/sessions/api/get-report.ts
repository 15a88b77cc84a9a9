import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReportData } from "@shared/grading.ts";
import { api } from "@/lib/api-client";
import { sessionKeys } from "@/features/sessions/api/keys";

export function getReport(submissionId: string): Promise<ReportData> {
  return api.get<ReportData>(`/submissions/${encodeURIComponent(submissionId)}/report`);
}

export const reportQueryOptions = (submissionId: string) =>
  queryOptions({ queryKey: sessionKeys.report(submissionId), queryFn: () => getReport(submissionId) });

export function useReport(submissionId: string) {
  return useQuery(reportQueryOptions(submissionId));
}
