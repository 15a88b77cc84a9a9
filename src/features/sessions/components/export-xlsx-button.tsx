import { FileSpreadsheet } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { notifyFailure } from "@/lib/notify-failure";
import { useDownloadResultsXlsx } from "@/features/sessions/api/bulk-actions";
import { BULK_UI_MESSAGES as M } from "@/features/sessions/bulk-messages";

/** 엑셀 다운로드: the session's .xlsx, one row per student (enabled once an answer is graded). */
export function ExportXlsxButton({ sessionId, disabled }: { sessionId: string; disabled: boolean }) {
  const xlsx = useDownloadResultsXlsx();
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => xlsx.mutate(sessionId, { onError: (error) => notifyFailure(M.xlsxFailed, errorMessage(error, M.xlsxFailed)) })}
      loading={xlsx.isPending}
      disabled={disabled}
      title={disabled ? "완료된 채점이 있으면 내려받을 수 있습니다" : M.xlsxHint}
    >
      <FileSpreadsheet className="size-4" aria-hidden="true" />
      {M.xlsx}
    </Button>
  );
}
