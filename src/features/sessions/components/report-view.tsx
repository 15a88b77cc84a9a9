import { AlertTriangle, Bot, Download, FileText, Printer } from "lucide-react";
import { useState } from "react";
import { anchorsUsedText, type ReportData } from "@shared/grading.ts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { PrintReport, ReportDocumentView } from "@/components/report/report-document";
import { ApiError } from "@/lib/api-client";
import { useReport } from "@/features/sessions/api/get-report";
import { SESSION_MESSAGES as M } from "@/features/sessions/messages";
import { useReportDownload } from "@/features/sessions/hooks/use-report-download";
import { PrintPortal, usePrintJob } from "@/features/sessions/components/print-portal";
import { ReviewPanel } from "@/features/sessions/components/review-panel";
import { ReviewToolbar } from "@/features/sessions/components/review-toolbar";

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

export function ReportView({ submissionId, onBack, onPrev, onNext }: ReportViewProps) {
  const report = useReport(submissionId);
  const { download, pendingId } = useReportDownload();
  const print = usePrintJob({ onBrowserPrint: Boolean(report.data) });
  const [editing, setEditing] = useState(false);

  return (
    <section className="flex flex-col gap-6" aria-labelledby="report-title" data-testid="report-view">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" size="sm" onClick={onBack}>
          {BACK_LABEL}
        </Button>
        {(onPrev || onNext) && (
          <nav className="flex gap-2" aria-label="학생 이동">
            <Button variant="outline" size="sm" onClick={onPrev} disabled={!onPrev}>
              {PREV_LABEL}
            </Button>
            <Button variant="outline" size="sm" onClick={onNext} disabled={!onNext}>
              {NEXT_LABEL}
            </Button>
          </nav>
        )}
      </div>
      <Card>
        <CardBody className="flex flex-row flex-wrap items-center justify-between gap-4">
          <div className="flex items-center gap-3">
            <FileText className="size-7 text-primary" aria-hidden="true" />
            <h2 id="report-title" className="text-2xl font-bold">
              AI 논술 첨삭 리포트
            </h2>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={print.start} disabled={!report.data}>
              <Printer className="size-4" aria-hidden="true" />
              인쇄 / PDF 저장
            </Button>
            <Button variant="primary" onClick={() => download(submissionId)} loading={pendingId === submissionId} disabled={!report.data}>
              <Download className="size-4" aria-hidden="true" />
              전체 리포트 다운로드
            </Button>
          </div>
        </CardBody>
      </Card>
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
      ) : (
        <>
          <ReviewToolbar submissionId={submissionId} report={report.data} editing={editing} onEdit={() => setEditing(true)} />
          {editing ? (
            <ReviewPanel submissionId={submissionId} report={report.data} onClose={() => setEditing(false)} />
          ) : (
            <ReportBody report={report.data} />
          )}
        </>
      )}
      {print.printing && report.data && (
        <PrintPortal label="리포트 인쇄">
          <PrintReport report={report.data} notices={<GraderLine report={report.data} />} />
        </PrintPortal>
      )}
    </section>
  );
}

export function GraderNotice({ report }: { report: ReportData }) {
  const offline = report.grader === "offline";
  return (
    <div className="flex flex-col gap-2" data-testid="report-grader">
      <div className={offline ? "alert alert-warning alert-soft" : "alert alert-info alert-soft"}>
        <Bot className="size-5" aria-hidden="true" />
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={offline ? "warning" : "info"}>{offline ? "오프라인 분석" : "AI 채점"}</Badge>
          <span>{report.graderLabel}</span>
          {anchorsUsedText(report.anchorsUsed) && <span data-testid="report-anchors">· {anchorsUsedText(report.anchorsUsed)}</span>}
        </div>
      </div>
      {(report as { regrading?: boolean }).regrading && (
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

/** The report as the teacher sees it: the grader notice above the one report design. */
export function ReportBody({ report }: { report: ReportData }) {
  return <ReportDocumentView report={report} layout="screen" notices={<GraderNotice report={report} />} />;
}

/** The printed report's grading line: how it was graded, and what needs a check. */
export function GraderLine({ report }: { report: ReportData }) {
  return (
    <p className="mt-1 text-sm">
      <span className="font-semibold">채점 방식</span> {report.graderLabel}
      {report.flagLabels.length > 0 && ` · 확인 필요: ${report.flagLabels.join(", ")}`}
    </p>
  );
}
