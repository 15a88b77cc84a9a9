import { useDownloadReport } from "@/features/sessions/api/download-report";
import { notify } from "@/lib/notify";

export const DOWNLOAD_MESSAGES = {
  successTitle: "다운로드 완료",
  successDescription: "리포트를 TXT 파일로 저장했습니다.",
  failureTitle: "다운로드 실패",
  failureDescription: "파일 다운로드 중 오류가 발생했습니다.",
} as const;

/** Downloads a report with the §8 toasts; `pendingId` is the submission being downloaded. */
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
