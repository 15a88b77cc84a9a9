import { AlertTriangle, ChevronLeft, ChevronRight, Download, Printer } from "lucide-react";
import { useState } from "react";
import { anchorsUsedText, type ReportData } from "@shared/grading.ts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Toolbar } from "@/components/ui/section";
import { Spinner } from "@/components/ui/spinner";
import { PrintReport, ReportDocumentView } from "@/components/report/report-document";
import { ApiError } from "@/lib/api-client";
import { useReport } from "@/features/sessions/api/get-report";
import { SESSION_MESSAGES as M } from "@/features/sessions/messages";
import { useReportDownload } from "@/features/sessions/hooks/use-report-download";
import { PrintPortal, usePrintJob } from "@/components/report/print-portal";
import { ReviewPanel } from "@/features/sessions/components/review-panel";
import { CompleteReviewButton, ReviewToolbar } from "@/features/sessions/components/review-toolbar";

export const BACK_LABEL = "← 대시보드로 돌아가기";
export const PREV_LABEL = "이전 학생";
export const NEXT_LABEL = "다음 학생";

export interface ReportViewProps {
  submissionId: string;
  onBack: () => void;
  /** Open the previous / next student's report (absent at either end of the list). */
  onPrev?: () => void;
  onNext?: () => void;
}

/**
 * One student's report for the teacher: a back link, the title with the one toolbar (every button
 * outline and small; 검토 완료 the only primary), the grader's alerts, then the report or its review panel.
 */
export function ReportView({ submissionId, onBack, onPrev, onNext }: ReportViewProps) {
  const report = useReport(submissionId);
  const { download, pendingId } = useReportDownload();
  const print = usePrintJob({ onBrowserPrint: Boolean(report.data) });
  const [editing, setEditing] = useState(false);

  return (
    <section className="flex flex-col gap-6" aria-labelledby="report-title" data-testid="report-view">
      <div className="flex flex-col gap-3">
        <button type="button" className="link link-hover self-start text-sm text-primary" onClick={onBack}>
          {BACK_LABEL}
        </button>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="report-title" className="text-2xl font-semibold">
            AI 논술 첨삭 리포트
          </h2>
          <Toolbar label="리포트 도구" className="print:hidden">
            {(onPrev || onNext) && (
              <>
                <Button variant="outline" size="sm" onClick={onPrev} disabled={!onPrev}>
                  <ChevronLeft className="size-4" aria-hidden="true" />
                  {PREV_LABEL}
                </Button>
                <Button variant="outline" size="sm" onClick={onNext} disabled={!onNext}>
                  {NEXT_LABEL}
                  <ChevronRight className="size-4" aria-hidden="true" />
                </Button>
              </>
            )}
            {report.data && (
              <ReviewToolbar submissionId={submissionId} report={report.data} editing={editing} onEdit={() => setEditing(true)} />
            )}
            <Button variant="outline" size="sm" onClick={print.start} disabled={!report.data}>
              <Printer className="size-4" aria-hidden="true" />
              인쇄
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => download(submissionId)}
              loading={pendingId === submissionId}
              disabled={!report.data}
            >
              <Download className="size-4" aria-hidden="true" />
              TXT 다운로드
            </Button>
            {report.data && <CompleteReviewButton submissionId={submissionId} report={report.data} editing={editing} />}
          </Toolbar>
        </div>
      </div>
      {report.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="리포트를 불러오는 중..." />
        </div>
      ) : report.isError ? (
        <div role="alert" className="alert alert-error">
          <AlertTriangle className="size-5" aria-hidden="true" />
          <span>
            {report.error instanceof ApiError && report.error.status === 409
              ? M.report.notGradedYet
              : report.error.message || M.report.loadFail}
          </span>
        </div>
      ) : editing ? (
        <ReviewPanel submissionId={submissionId} report={report.data} onClose={() => setEditing(false)} />
      ) : (
        <ReportBody report={report.data} />
      )}
      {print.printing && report.data && (
        <PrintPortal label="리포트 인쇄">
          <PrintReport report={report.data} notices={<GraderLine report={report.data} />} />
        </PrintPortal>
      )}
    </section>
  );
}

/** How the report was graded, in words a teacher reads: never the model id (that is for admins). */
export function graderSource(report: Pick<ReportData, "grader">): string {
  return report.grader === "offline" ? "오프라인 분석" : "AI 채점";
}

/** The grading source beside the name (AI 채점 or 오프라인 분석 — not AI), with the anchor answers it used. */
export function GraderNotice({ report }: { report: ReportData }) {
  const offline = report.grader === "offline";
  const anchors = anchorsUsedText(report.anchorsUsed);
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm text-base-content/75" data-testid="report-grader">
      <Badge variant={offline ? "warning" : "outline"}>{graderSource(report)}</Badge>
      {offline && <span>AI 채점 아님 · 참고용 측정 결과</span>}
      {anchors && <span data-testid="report-anchors">· {anchors}</span>}
    </span>
  );
}

/** What the teacher must know before reading: a regrading in progress, and the grader's flags. */
export function ReportAlerts({ report }: { report: ReportData }) {
  const regrading = (report as { regrading?: boolean }).regrading;
  if (!regrading && report.flagLabels.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {regrading && (
        <div role="status" className="alert alert-info alert-soft" data-testid="report-regrading">
          <span>{M.regrade.reportNotice}</span>
        </div>
      )}
      {report.flagLabels.length > 0 && (
        <div role="alert" className="alert alert-error alert-soft" data-testid="report-flags">
          <AlertTriangle className="size-5" aria-hidden="true" />
          <div>
            <p className="font-semibold">확인 필요</p>
            <ul className="list-disc pl-5">
              {report.flagLabels.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </div>
  );
}

/** The report as the teacher sees it: the alerts, then the one report design with the grading source. */
export function ReportBody({ report }: { report: ReportData }) {
  return (
    <ReportDocumentView
      report={report}
      layout="screen"
      notices={<ReportAlerts report={report} />}
      meta={<GraderNotice report={report} />}
    />
  );
}

/** The printed report's grading line: how it was graded (no model id), and what needs a check. */
export function GraderLine({ report }: { report: ReportData }) {
  return (
    <p className="mt-1 text-sm">
      <span className="font-semibold">채점 방식</span> {graderSource(report)}
      {report.grader === "offline" && " (AI 채점 아님)"}
      {report.flagLabels.length > 0 && ` · 확인 필요: ${report.flagLabels.join(", ")}`}
    </p>
  );
}
