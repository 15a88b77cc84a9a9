import { lazy, Suspense, useId, useMemo, useState } from "react";
import { Download, Radio, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Section } from "@/components/ui/section";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import type { Submission } from "@shared/types.ts";
import { PrintSessionButton } from "@/features/sessions/components/print-session";
import { BatchProgress, SummaryCards } from "@/features/sessions/components/summary-cards";
import { type RowSelection, SubmissionList, type SubmissionListProps } from "@/features/sessions/components/submission-list";
import { BulkActionsBar } from "@/features/sessions/components/bulk-actions-bar";
import { ExportXlsxButton } from "@/features/sessions/components/export-xlsx-button";
import { AgreementPanel } from "@/features/sessions/components/agreement-panel";
import { RefusedAnswers } from "@/features/sessions/components/refused-answers";
import { RubricOutdatedBanner } from "@/features/sessions/components/rubric-outdated-banner";
import { DashboardViewSwitch } from "@/features/sessions/components/dashboard-view-switch";
import { type DashboardView, LIST_ORDERS, type ListOrder, sortSubmissions } from "@/features/sessions/utils/class-results";
import { SESSION_MESSAGES as M } from "@/features/sessions/messages";
import { submissionStats } from "@/features/sessions/utils/submission-stats";

export interface DashboardProps extends Omit<SubmissionListProps, "submissions" | "onRequestDelete"> {
  submissions: Submission[] | undefined;
  isLoading?: boolean;
  /** The realtime channel is subscribed (otherwise the list polls). */
  isLive?: boolean;
  /** Download the session's results as CSV (enabled once an answer is completed). */
  onExportCsv?: () => void;
  exportingCsv?: boolean;
  /** Delete an answer after the confirm dialog; the dialog closes when the promise settles. */
  onDelete?: (submission: Submission) => Promise<unknown>;
  deletingId?: string;
  /** 목록 / 표 / 요약 (the route keeps it in `?view=`); without it the dashboard keeps its own. */
  view?: DashboardView;
  onViewChange?: (view: DashboardView) => void;
  /** The session shown: with it, the teacher–AI agreement panel (fetched) is drawn under the cards. */
  sessionId?: string;
}

/** The table (TanStack Table) and the summary's charts (visx) load only when 표 / 요약 is shown. */
const ResultsTable = lazy(() => import("@/features/sessions/components/results-table").then((m) => ({ default: m.ResultsTable })));
const ClassSummaryView = lazy(() => import("@/features/sessions/components/class-summary"));

function LiveIndicator({ isLive }: { isLive: boolean }) {
  return (
    <span
      className="inline-flex items-center gap-1 text-xs text-base-content/70"
      data-testid="live-indicator"
      data-live={isLive ? "true" : "false"}
      title={isLive ? "채점 진행 상황이 실시간으로 반영됩니다" : "연결을 기다리는 동안 주기적으로 새로고침합니다"}
    >
      {isLive ? <Radio className="size-3.5 text-success" aria-hidden="true" /> : <RefreshCw className="size-3.5" aria-hidden="true" />}
      {isLive ? "실시간" : "자동 새로고침"}
    </span>
  );
}

export function Dashboard({
  submissions,
  isLoading,
  isLive = false,
  onExportCsv,
  exportingCsv,
  onDelete,
  deletingId,
  view: viewProp,
  onViewChange,
  sessionId,
  ...listProps
}: DashboardProps) {
  const list = submissions ?? [];
  const stats = submissionStats(list);
  const [order, setOrder] = useState<ListOrder>("studentId");
  const orderId = useId();
  const [toDelete, setToDelete] = useState<Submission | null>(null);
  const [ownView, setOwnView] = useState<DashboardView>("list");
  const view = viewProp ?? ownView;
  const [ticked, setTicked] = useState<Set<string>>(() => new Set());
  // Only answers still listed stay selected (a deleted or refreshed-away answer drops out).
  const selected = useMemo(() => new Set((submissions ?? []).filter((s) => ticked.has(s.id)).map((s) => s.id)), [submissions, ticked]);
  const selection: RowSelection | undefined = sessionId
    ? {
        selected,
        toggle: (id) =>
          setTicked((cur) => {
            const next = new Set(cur);
            if (!next.delete(id)) next.add(id);
            return next;
          }),
      }
    : undefined;
  const setView = (next: DashboardView) => (onViewChange ? onViewChange(next) : setOwnView(next));

  const confirmDelete = () => {
    if (!toDelete || !onDelete) return;
    void onDelete(toDelete).finally(() => setToDelete(null));
  };

  return (
    <div className="space-y-8">
      <div className="space-y-4">
        <SummaryCards stats={stats} />
        <BatchProgress stats={stats} />
      </div>
      {sessionId && <RubricOutdatedBanner sessionId={sessionId} />}
      {sessionId && <AgreementPanel sessionId={sessionId} />}
      {sessionId && <RefusedAnswers sessionId={sessionId} />}
      <Section
        title="제출된 답안"
        testId="submissions-section"
        actions={
          <>
            <LiveIndicator isLive={isLive} />
            <PrintSessionButton submissions={list} />
            {onExportCsv && (
              <Button
                size="sm"
                variant="outline"
                onClick={onExportCsv}
                loading={exportingCsv}
                disabled={stats.completed === 0}
                title={stats.completed === 0 ? "완료된 채점이 있으면 내려받을 수 있습니다" : undefined}
              >
                <Download className="size-4" aria-hidden="true" />
                결과 CSV 다운로드
              </Button>
            )}
            {sessionId && <ExportXlsxButton sessionId={sessionId} disabled={stats.completed === 0} />}
          </>
        }
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <DashboardViewSwitch value={view} onChange={setView} />
          {view === "list" && list.length > 1 && (
            <div className="flex items-center gap-2">
              <label htmlFor={orderId} className="text-sm text-base-content/75">
                정렬
              </label>
              <div className="w-36">
                <Select
                  id={orderId}
                  className="select-sm"
                  value={order}
                  onChange={(e) => setOrder(e.target.value as ListOrder)}
                  options={LIST_ORDERS.map((o) => ({ value: o.value, label: o.label }))}
                />
              </div>
            </div>
          )}
        </div>
        {sessionId && view !== "summary" && list.length > 0 && (
          <BulkActionsBar sessionId={sessionId} submissions={list} selected={selected} onSelectedChange={setTicked} />
        )}
        {isLoading ? (
          <Spinner label="로딩 중..." />
        ) : view !== "list" ? (
          <Suspense fallback={<Spinner label="불러오는 중..." />}>
            {view === "table" ? (
              <ResultsTable submissions={list} onView={listProps.onView} reportHref={listProps.reportHref} selection={selection} />
            ) : (
              <ClassSummaryView submissions={list} sessionId={sessionId} />
            )}
          </Suspense>
        ) : (
          <SubmissionList
            submissions={sortSubmissions(list, order)}
            {...listProps}
            onRequestDelete={onDelete ? setToDelete : undefined}
            selection={selection}
          />
        )}
      </Section>
      {onDelete && (
        <ConfirmDialog
          open={toDelete !== null}
          title={M.dashboard.deleteConfirmTitle}
          description={M.dashboard.deleteConfirm}
          confirmLabel={M.confirm.delete}
          busy={toDelete !== null && deletingId === toDelete.id}
          onCancel={() => setToDelete(null)}
          onConfirm={confirmDelete}
        />
      )}
    </div>
  );
}
