import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import type { Submission } from "@shared/types.ts";
import { useDeleteSubmission } from "@/features/sessions/api/delete-submission";
import { useDownloadResultsCsv } from "@/features/sessions/api/download-results-csv";
import { useRegradeSubmission, useRetrySubmission } from "@/features/sessions/api/retry-submission";
import { SESSION_MESSAGES } from "@/features/sessions/messages";
import { retryFailure } from "@/features/sessions/utils/session-errors";

const ACTION_MESSAGES = SESSION_MESSAGES.dashboard;

/**
 * The dashboard's teacher tools for one session (CSV export, grade again, delete) with their toasts;
 * a usageExceeded answer to a retry opens the usage-limit dialog instead. Spread `dashboardProps`
 * into `<Dashboard>`.
 */
export function useSubmissionActions(sessionId: string | null, onUsageExceeded: (error: unknown) => void) {
  const csv = useDownloadResultsCsv();
  const retry = useRetrySubmission();
  const remove = useDeleteSubmission();
  const regrade = useRegradeSubmission();

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
          const outcome = retryFailure(error);
          if (outcome.showUsageLimit) onUsageExceeded(error);
          if (outcome.toast) notify(outcome.toast);
        },
      },
    );

  const regradeSubmission = (submission: Submission) =>
    regrade.mutateAsync({ sessionId: sessionId ?? submission.sessionId, submissionId: submission.id }).then(
      (res) => notify({ title: SESSION_MESSAGES.regrade.startedTitle, description: res.message }),
      (error: unknown) => {
        const outcome = retryFailure(error);
        if (outcome.showUsageLimit) onUsageExceeded(error);
        if (outcome.toast) notify({ ...outcome.toast, title: SESSION_MESSAGES.regrade.failedTitle });
      },
    );

  const deleteSubmission = (submission: Submission) =>
    remove.mutateAsync({ sessionId: sessionId ?? submission.sessionId, submissionId: submission.id }).then(
      () => notify({ title: ACTION_MESSAGES.deleteTitle, description: ACTION_MESSAGES.deleteDescription }),
      (error: unknown) => notifyFailure(ACTION_MESSAGES.deleteFailureTitle, errorMessage(error, ACTION_MESSAGES.deleteFailureDescription)),
    );

  return {
    dashboardProps: {
      onExportCsv: sessionId ? exportCsv : undefined,
      exportingCsv: csv.isPending,
      onRetry: retrySubmission,
      retryingId: retry.isPending ? retry.variables?.submissionId : undefined,
      onRegrade: regradeSubmission,
      regradingId: regrade.isPending ? regrade.variables?.submissionId : undefined,
      onDelete: deleteSubmission,
      deletingId: remove.isPending ? remove.variables?.submissionId : undefined,
    },
  };
}
