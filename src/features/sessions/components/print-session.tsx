import { useState } from "react";
import { Printer } from "lucide-react";
import type { ReportData } from "@shared/grading.ts";
import type { Submission } from "@shared/types.ts";
import { Button } from "@/components/ui/button";
import { notify } from "@/lib/notify";
import { getReport } from "@/features/sessions/api/get-report";
import { PrintPortal, usePrintJob } from "@/components/report/print-portal";
import { PrintReport } from "@/components/report/report-document";
import { GraderLine } from "@/features/sessions/components/report-view";
import { SESSION_MESSAGES as M } from "@/features/sessions/messages";

const CONCURRENCY = 4;

/** Runs `work` over `items` with at most CONCURRENCY at a time, keeping the order of `items`. */
async function inOrder<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const out: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        out[i] = { status: "fulfilled", value: await work(items[i]) };
      } catch (reason) {
        out[i] = { status: "rejected", reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, lane));
  return out;
}

const byStudent = (a: Submission, b: Submission) =>
  (a.studentId || "").localeCompare(b.studentId || "", "ko") || (a.studentName || "").localeCompare(b.studentName || "", "ko");

/** Every completed answer's report, one per page. */
export function PrintSession({ reports }: { reports: ReportData[] }) {
  return (
    <div data-testid="print-session">
      {reports.map((r) => (
        <PrintReport key={r.submissionId} report={r} notices={<GraderLine report={r} />} />
      ))}
    </div>
  );
}

/** "전체 인쇄": loads the report of every completed answer and prints them, one student per page. */
export function PrintSessionButton({ submissions }: { submissions: Submission[] }) {
  const job = usePrintJob();
  const [reports, setReports] = useState<ReportData[]>([]);
  const [loading, setLoading] = useState(false);
  const completed = submissions.filter((s) => s.status === "completed").sort(byStudent);

  const start = async () => {
    setLoading(true);
    try {
      const results = await inOrder(completed, (s) => getReport(s.id));
      const ok = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
      if (ok.length === 0) {
        notify({ title: M.print.failTitle, description: M.print.fail, variant: "destructive" });
        return;
      }
      if (ok.length < results.length) notify({ title: M.print.partialTitle, description: M.print.partial(results.length - ok.length) });
      setReports(ok);
      job.start();
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => void start()}
        loading={loading}
        disabled={completed.length === 0}
        title={completed.length === 0 ? "완료된 채점이 있으면 인쇄할 수 있습니다" : "완료된 답안의 리포트를 학생마다 한 쪽씩 인쇄합니다"}
      >
        <Printer className="size-4" aria-hidden="true" />
        전체 인쇄
      </Button>
      {job.printing && reports.length > 0 && (
        <PrintPortal label="세션 리포트 인쇄">
          <PrintSession reports={reports} />
        </PrintPortal>
      )}
    </>
  );
}
