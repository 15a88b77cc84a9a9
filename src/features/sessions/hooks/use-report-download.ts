import { useDownloadReport } from "@/features/sessions/api/download-report";
import { notify } from "@/lib/notify";
import { SESSION_MESSAGES } from "@/features/sessions/messages";

const DOWNLOAD_MESSAGES = SESSION_MESSAGES.report;

/** Downloads a report with the download toasts (docs/product.md#toasts); `pendingId` is the submission being downloaded. */
export function useReportDownload() {
  const mutation = useDownloadReport();
  const download = (submissionId: string) =>
    mutation.mutate(submissionId, {
      onSuccess: () => notify({ title: DOWNLOAD_MESSAGES.successTitle, description: DOWNLOAD_MESSAGES.successDescription }),
      onError: () =>
        notify({
          title: DOWNLOAD_MESSAGES.failureTitle,
          description: DOWNLOAD_MESSAGES.failureDescription,
          variant: "destructive",
        }),
    });
  return { download, pendingId: mutation.isPending ? mutation.variables : undefined };
}
