// The student's read-only view of one reviewed report, opened from a link without an account: the same
// renderer and marks as the teacher's view (the header's badge says it was reviewed), and the same A4
// print (the report alone, in the screen's order).
// Every text is untrusted (model, teacher or student): rendered as text only.
import { AlertTriangle, Printer } from "lucide-react";
import { SHARE_NOT_FOUND } from "@shared/review.ts";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useSharedReport } from "@/features/shared-report/api/get-shared-report";
import { PrintPortal, usePrintJob } from "@/components/report/print-portal";
import { PrintReport, ReportDocumentView } from "@/components/report/report-document";
import { formatReportDate } from "@/lib/report-format";

export function SharedReportView({ token }: { token: string }) {
  const q = useSharedReport(token);
  const print = usePrintJob({ onBrowserPrint: Boolean(q.data) });
  if (q.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" label="리포트를 불러오는 중..." />
      </div>
    );
  }
  if (q.isError) {
    const gone = q.error instanceof ApiError && q.error.status === 404;
    return (
      <section
        className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center"
        data-testid="shared-report-error"
      >
        {gone && <p className="text-6xl font-black text-primary/80">404</p>}
        <AlertTriangle className="size-8 text-warning" aria-hidden="true" />
        <h1 className="text-xl font-bold">{gone ? SHARE_NOT_FOUND : q.error.message || "리포트를 불러오지 못했습니다."}</h1>
        {gone && <p className="text-base-content/75">선생님께 새 링크를 요청해 주세요.</p>}
      </section>
    );
  }
  const r = q.data;
  return (
    <article className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8" data-testid="shared-report">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">논술 첨삭 리포트</h1>
        <Button variant="outline" size="sm" className="print:hidden" onClick={print.start}>
          <Printer className="size-4" aria-hidden="true" />
          인쇄
        </Button>
      </div>
      <ReportDocumentView report={r} layout="screen" />
      <p className="text-center text-sm text-base-content/75">이 링크는 {formatReportDate(r.expiresAt)}까지 열 수 있습니다.</p>
      {print.printing && (
        <PrintPortal label="리포트 인쇄">
          <PrintReport report={r} title="논술 첨삭 리포트" />
        </PrintPortal>
      )}
    </article>
  );
}
