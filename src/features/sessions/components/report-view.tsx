import { AlertTriangle, Bot, Download, FileText, Printer } from "lucide-react";
import { useState, type ReactNode } from "react";
import { anchorsUsedText, type ReportData } from "@shared/grading.ts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { BulletList } from "@/components/ui/bullet-list";
import { Card, CardBody, SectionCard } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { useReport } from "@/features/sessions/api/get-report";
import { SESSION_MESSAGES as M } from "@/features/sessions/messages";
import { useReportDownload } from "@/features/sessions/hooks/use-report-download";
import { formatReportDate, formatScore, scoreSummary, type ScoreSummary } from "@/lib/report-format";
import { AnnotatedEssay } from "@/features/sessions/components/annotated-essay";
import { ReportQuestion, ReportRubric } from "@/features/sessions/components/report-question";
import { PrintPortal, usePrintJob } from "@/features/sessions/components/print-portal";
import { PrintReport } from "@/features/sessions/components/print-report";
import { ReviewPanel } from "@/features/sessions/components/review-panel";
import { ReviewToolbar } from "@/features/sessions/components/review-toolbar";
import { REPORT_SECTIONS } from "@shared/report-sections.ts";

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
            <Button
              variant="primary"
              onClick={() => download(submissionId)}
              loading={pendingId === submissionId}
              disabled={!report.data}
            >
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
          <PrintReport report={report.data} />
        </PrintPortal>
      )}
    </section>
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <SectionCard title={title} heading="h3" testId={testId}>
      {children}
    </SectionCard>
  );
}

function Items({ items }: { items: string[] }) {
  return <BulletList items={items} className="space-y-1" emptyClassName="text-base-content/70" />;
}

/** A score's bar, coloured by its tier; `label` names it for screen readers (with the percent). */
function ScoreBar({ score, max, summary, label }: { score: number; max: number; summary: ScoreSummary; label: string }) {
  return (
    <Progress
      value={score}
      max={max > 0 ? max : 1}
      variant={summary.style.progress}
      className={summary.style.bar}
      label={`${label} ${summary.percent}%`}
    />
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
          {anchorsUsedText(report.anchorsUsed) && (
            <span data-testid="report-anchors">· {anchorsUsedText(report.anchorsUsed)}</span>
          )}
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

export function ReportBody({ report }: { report: ReportData }) {
  const total = scoreSummary(report.overallScore, report.maxScore);
  return (
    <div className="flex flex-col gap-6">
      <GraderNotice report={report} />
      <Card data-testid="report-summary">
        <CardBody className="gap-5">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Field label="학생 이름" value={report.studentInfo.name || "-"} />
            <Field label="수험번호" value={report.studentInfo.studentId || "-"} />
            <Field label="제출일" value={formatReportDate(report.submittedAt)} />
            <Field label="완료일" value={formatReportDate(report.completedAt)} />
          </div>
          <div className="flex flex-col gap-2 border-t border-base-300 pt-4" data-testid="report-total" data-tier={total.tier}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="text-sm text-base-content/70">총점</span>
              <span className={`text-3xl font-bold ${total.style.text}`}>
                {formatScore(report.overallScore)}/{formatScore(report.maxScore)}점{" "}
                <span className="text-lg font-semibold">({total.percent}%)</span>
              </span>
            </div>
            <ScoreBar score={report.overallScore} max={report.maxScore} summary={total} label="총점" />
          </div>
        </CardBody>
      </Card>

      <ReportTextSections report={report} />

      <Section title="항목별 점수" testId="report-categories">
        <ul className="flex flex-col gap-5">
          {report.categories.map((category) => {
            const s = scoreSummary(category.score, category.maxScore);
            return (
              <li key={category.name} className="flex flex-col gap-2" data-tier={s.tier}>
                <div className="flex items-baseline justify-between gap-2">
                  <span className="font-medium">{category.name}</span>
                  <span className={`font-semibold ${s.style.text}`}>
                    {formatScore(category.score)}/{formatScore(category.maxScore)}
                  </span>
                </div>
                <ScoreBar score={category.score} max={category.maxScore} summary={s} label={category.name} />
                <p className="text-sm text-base-content/80">{category.feedback}</p>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section title="우수한 점" testId="report-strengths">
        <Items items={report.strengths} />
      </Section>
      <Section title="개선이 필요한 점" testId="report-improvements">
        <Items items={report.improvementAreas} />
      </Section>
      <Section title={REPORT_SECTIONS.feedback} testId="report-feedback">
        <p className="whitespace-pre-line leading-relaxed">{report.detailedFeedback || "(없음)"}</p>
      </Section>
      <Section title="향후 개선 방안" testId="report-suggestions">
        {report.suggestions.length === 0 ? (
          <p className="text-base-content/70">(없음)</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {report.suggestions.map((suggestion, i) => (
              <li key={i} className="flex gap-3">
                <span className="badge badge-primary badge-sm mt-0.5 shrink-0">{i + 1}</span>
                <span>{suggestion}</span>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}

/** The question, the rubric and the answer with its 첨삭 marks (all untrusted text, rendered as text). */
function ReportTextSections({ report }: { report: ReportData }) {
  return (
    <>
      <Section title="문제와 평가 기준" testId="report-question">
        <ReportQuestion question={report.question ?? ""} />
        <ReportRubric rubric={report.rubric ?? []} />
      </Section>
      <Section title="답안 첨삭" testId="report-answer">
        <AnnotatedEssay answer={report.answer ?? ""} annotations={report.annotations} rubric={report.rubric ?? []} />
      </Section>
    </>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm text-base-content/70">{label}</span>
      <span className="font-medium">{value}</span>
    </div>
  );
}
