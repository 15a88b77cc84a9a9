import { ApiError, errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import type { Submission } from "@shared/types.ts";
import { useDeleteSubmission } from "@/features/sessions/api/delete-submission";
import { useDownloadResultsCsv } from "@/features/sessions/api/download-results-csv";
import { useRetrySubmission } from "@/features/sessions/api/retry-submission";

export const ACTION_MESSAGES = {
  csvSuccessTitle: "다운로드 완료",
  csvSuccessDescription: "채점 결과를 CSV 파일로 저장했습니다.",
  csvFailureTitle: "다운로드 실패",
  csvFailureDescription: "파일 다운로드 중 오류가 발생했습니다.",
  retryTitle: "다시 채점 요청",
  retryDescription: "답안을 다시 채점합니다. 잠시만 기다려주세요.",
  retryFailureTitle: "다시 채점 실패",
  retryFailureDescription: "다시 채점을 요청하는 중 오류가 발생했습니다.",
  deleteTitle: "삭제 완료",
  deleteDescription: "답안이 삭제되었습니다.",
  deleteFailureTitle: "삭제 실패",
  deleteFailureDescription: "답안 삭제 중 오류가 발생했습니다.",
} as const;

/**
 * The dashboard's teacher tools for one session (CSV export, grade again, delete) with their toasts;
 * a usageExceeded answer to a retry opens the usage-limit dialog instead. Spread `dashboardProps`
 * into `<Dashboard>`.
 */
export function useSubmissionActions(sessionId: string | null, onUsageExceeded: (error: ApiError) => void) {
  const csv = useDownloadResultsCsv();
  const retry = useRetrySubmission();
  const remove = useDeleteSubmission();

  const exportCsv = () => {
    if (!sessionId) return;
    csv.mutate(sessionId, {
      onSuccess: () => notify({ title: ACTION_MESSAGES.csvSuccessTitle, description: ACTION_MESSAGES.csvSuccessDescription }),
      onError: () =>
        notify({ title: ACTION_MESSAGES.csvFailureTitle, description: ACTION_MESSAGES.csvFailureDescription, variant: "destructive" }),
    });
  };

  const retrySubmission = (submission: Submission) =>
    retry.mutate(
      { sessionId: sessionId ?? submission.sessionId, submissionId: submission.id },
      {
        onSuccess: () => notify({ title: ACTION_MESSAGES.retryTitle, description: ACTION_MESSAGES.retryDescription }),
        onError: (error) => {
          if (error instanceof ApiError && error.usageExceeded) {
            onUsageExceeded(error);
            return;
          }
          notify({
            title: ACTION_MESSAGES.retryFailureTitle,
            description: errorMessage(error, ACTION_MESSAGES.retryFailureDescription),
            variant: "destructive",
          });
        },
      },
    );

  const deleteSubmission = (submission: Submission) =>
    remove.mutateAsync({ sessionId: sessionId ?? submission.sessionId, submissionId: submission.id }).then(
      () => notify({ title: ACTION_MESSAGES.deleteTitle, description: ACTION_MESSAGES.deleteDescription }),
      (error: unknown) =>
        notify({
          title: ACTION_MESSAGES.deleteFailureTitle,
          description: errorMessage(error, ACTION_MESSAGES.deleteFailureDescription),
          variant: "destructive",
        }),
    );

  return {
    dashboardProps: {
      onExportCsv: sessionId ? exportCsv : undefined,
      exportingCsv: csv.isPending,
      onRetry: retrySubmission,
      retryingId: retry.isPending ? retry.variables?.submissionId : undefined,
      onDelete: deleteSubmission,
      deletingId: remove.isPending ? remove.variables?.submissionId : undefined,
    },
  };
}
