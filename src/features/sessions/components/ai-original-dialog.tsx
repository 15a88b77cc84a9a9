// AI 원안 보기: the grader's original result, kept unchanged by the teacher's review, and the log of
// who changed what and when.
import type { ResultEdit, ReviewedReport } from "@shared/review.ts";
import { Dialog } from "@/components/ui/dialog";
import { CategoryScores, FeedbackSections } from "@/components/report/report-sections";
import { formatReportDate, formatScore } from "@/lib/report-format";
import { REPORT_SECTIONS } from "@shared/report.ts";

const FIELD_LABELS: Record<string, string> = {
  strengths: REPORT_SECTIONS.strengths,
  improvementAreas: REPORT_SECTIONS.improvements,
  detailedFeedback: REPORT_SECTIONS.feedback,
  suggestions: REPORT_SECTIONS.suggestions,
  annotations: "첨삭 표시",
  reviewStatus: "검토 완료",
  earlierEdits: "이전 변경 기록",
};

/** "논리 구조 점수", "우수한 점", … for a logged field. */
export function editFieldLabel(field: string): string {
  if (field.startsWith("category:")) return `${field.slice("category:".length)} 점수·피드백`;
  return FIELD_LABELS[field] ?? field;
}

/** One line of the log: what changed (the server squashes the oldest entries into one `earlierEdits`). */
export function editSummary(e: ResultEdit): string {
  if (e.field === "earlierEdits") {
    const count = (e.after as { count?: number } | null)?.count ?? 0;
    return `이전 변경 ${count}건을 하나로 정리했습니다`;
  }
  if (e.field.startsWith("category:")) {
    const b = e.before as { score?: number } | null;
    const a = e.after as { score?: number } | null;
    if (b && a && b.score !== a.score) return `${formatScore(b.score ?? 0)}점 → ${formatScore(a.score ?? 0)}점`;
    return "피드백 수정";
  }
  if (e.field === "reviewStatus") return "검토 완료로 표시";
  if (Array.isArray(e.before) && Array.isArray(e.after)) return `${e.before.length}개 → ${e.after.length}개`;
  return "수정";
}

export function AiOriginalDialog({
  open,
  onOpenChange,
  report,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  report: ReviewedReport;
}) {
  // A report from before teacher review has no `original`: the report is the original then.
  const o = report.original ?? report;
  const edits = report.edits ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="AI 원안 보기"
      description="선생님이 수정하기 전, 채점기가 만든 원래 결과입니다."
      className="max-w-3xl"
    >
      <div className="mt-4 flex flex-col gap-4" data-testid="ai-original">
        <p className="text-lg font-bold" data-testid="ai-original-total">
          원래 총점: {formatScore(o.overallScore)}/{formatScore(o.maxScore)}점
        </p>
        <CategoryScores categories={o.categories} layout="screen" />
        <FeedbackSections fields={o} layout="compact" />
        <p className="text-sm">원래 첨삭 표시: {o.annotations.length}개</p>
        <div>
          <h4 className="text-base font-semibold">변경 기록</h4>
          {edits.length === 0 ? (
            <p className="text-sm text-base-content/75">아직 바뀐 내용이 없습니다.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm" data-testid="edit-log">
              {edits.map((e) => (
                <li key={e.id}>
                  {formatReportDate(e.at)} · {e.by ?? (e.field === "earlierEdits" ? "자동 정리" : "알 수 없음")} · {editFieldLabel(e.field)}
                  : {editSummary(e)}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Dialog>
  );
}
