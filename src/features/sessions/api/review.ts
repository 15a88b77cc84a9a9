// Teacher review (검토) of a report: save the reviewed version, mark 검토 완료, and the student links.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedShare, ReportShare, ReviewBody, ReviewedReport } from "@shared/review.ts";
import { api } from "@/lib/api-client";
import { sessionKeys } from "@/features/sessions/api/keys";

const sub = (id: string) => `/submissions/${encodeURIComponent(id)}`;

/** PUT /submissions/{id}/review → the report as now shown (the server recomputes the total). */
export function saveReview(submissionId: string, body: ReviewBody): Promise<ReviewedReport> {
  return api.put<ReviewedReport>(`${sub(submissionId)}/review`, body);
}

/** POST /submissions/{id}/review/complete (검토 완료). */
export function completeReview(submissionId: string): Promise<ReviewedReport> {
  return api.post<ReviewedReport>(`${sub(submissionId)}/review/complete`);
}

/** The submission lists show the reviewed scores too: every cached one is fetched again. */
const invalidateSubmissionLists = (qc: ReturnType<typeof useQueryClient>) =>
  qc.invalidateQueries({ queryKey: sessionKeys.details(), predicate: (q) => q.queryKey[3] === "submissions" });

export function useSaveReview(submissionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => saveReview(submissionId, body),
    onSuccess: (report) => {
      qc.setQueryData(sessionKeys.report(submissionId), report);
      void invalidateSubmissionLists(qc);
    },
  });
}

export function useCompleteReview(submissionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => completeReview(submissionId),
    onSuccess: (report) => {
      qc.setQueryData(sessionKeys.report(submissionId), report);
      // A newly reviewed answer changes its session's teacher–AI agreement.
      void qc.invalidateQueries({ queryKey: sessionKeys.details(), predicate: (q) => q.queryKey[3] === "agreement" });
    },
  });
}

export const sharesQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: sessionKeys.shares(submissionId),
    queryFn: async () => (await api.get<{ shares: ReportShare[] }>(`${sub(submissionId)}/shares`)).shares,
  });

export function useShares(submissionId: string, enabled = true) {
  return useQuery({ ...sharesQueryOptions(submissionId), enabled });
}

export function useCreateShare(submissionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (expiresInDays: number) => api.post<CreatedShare>(`${sub(submissionId)}/share`, { expiresInDays }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionKeys.shares(submissionId) }),
  });
}

export function useRevokeShare(submissionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => api.delete<ReportShare>(`/shares/${encodeURIComponent(shareId)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionKeys.shares(submissionId) }),
  });
}
