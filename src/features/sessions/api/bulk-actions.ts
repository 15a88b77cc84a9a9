// Whole-class actions on a session's selected answers: 검토 완료, 삭제, student links, and the .xlsx.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BulkDeleteResult, BulkReviewResult, BulkSharesResult } from "@shared/bulk.ts";
import { api, saveBlob } from "@/lib/api-client";
import { subscriptionKeys, usageKeys } from "@/lib/usage";
import { sessionKeys } from "@/features/sessions/api/keys";

const base = (sessionId: string) => `/sessions/${encodeURIComponent(sessionId)}`;

export interface SelectionInput {
  sessionId: string;
  submissionIds: string[];
}

/** The session's lists, reports and agreement change with a bulk action: fetch them again. */
function useRefreshSession() {
  const qc = useQueryClient();
  return (sessionId: string, submissionIds: string[]) => {
    for (const id of submissionIds) void qc.invalidateQueries({ queryKey: sessionKeys.report(id) });
    return qc.invalidateQueries({ queryKey: sessionKeys.detail(sessionId) });
  };
}

/** POST /sessions/{id}/review-complete */
export function useBulkReviewComplete() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: ({ sessionId, submissionIds }: SelectionInput) =>
      api.post<BulkReviewResult>(`${base(sessionId)}/review-complete`, { submissionIds }),
    onSuccess: (_r, { sessionId, submissionIds }) => refresh(sessionId, submissionIds),
  });
}

/** POST /sessions/{id}/submissions/delete (uses of answers not yet graded come back: usage is fetched again). */
export function useBulkDelete() {
  const qc = useQueryClient();
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: ({ sessionId, submissionIds }: SelectionInput) =>
      api.post<BulkDeleteResult>(`${base(sessionId)}/submissions/delete`, { submissionIds }),
    onSuccess: (_r, { sessionId, submissionIds }) =>
      Promise.all([
        refresh(sessionId, submissionIds),
        qc.invalidateQueries({ queryKey: usageKeys.all }),
        qc.invalidateQueries({ queryKey: subscriptionKeys.all }),
      ]),
  });
}

/** POST /sessions/{id}/shares: a new link for each reviewed answer of the selection (every one when empty). */
export function useCreateStudentLinks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, submissionIds }: SelectionInput) =>
      api.post<BulkSharesResult>(`${base(sessionId)}/shares`, submissionIds.length > 0 ? { submissionIds } : {}),
    onSuccess: (r) => Promise.all(r.links.map((l) => qc.invalidateQueries({ queryKey: sessionKeys.shares(l.submissionId) }))),
  });
}

export const DEFAULT_XLSX_FILENAME = "채점결과.xlsx";

/** GET /sessions/{id}/export.xlsx → saves it under the server's filename. */
export async function downloadResultsXlsx(sessionId: string): Promise<void> {
  const { blob, filename } = await api.download(`${base(sessionId)}/export.xlsx`);
  saveBlob(blob, filename.toLowerCase().endsWith(".xlsx") ? filename : DEFAULT_XLSX_FILENAME);
}

export function useDownloadResultsXlsx() {
  return useMutation({ mutationFn: downloadResultsXlsx });
}
