// The review controls above a report: 검토 완료 badge, edit, mark reviewed, AI 원안 보기, 학생 링크.
import { CheckCircle2, Eye, Link2, Pencil } from "lucide-react";
import { useState } from "react";
import type { ReviewedReport } from "@shared/review.ts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useCompleteReview } from "@/features/sessions/api/review";
import { AiOriginalDialog } from "@/features/sessions/components/ai-original-dialog";
import { ShareLinkDialog } from "@/features/sessions/components/share-link-dialog";
import { PromoteAnchorButton } from "@/features/sessions/components/promote-anchor-button";
import { formatReportDate } from "@/lib/report-format";

/** 검토 완료 / 수정됨 / 검토 전, for the screen and for printing. */
export function ReviewBadge({ report }: { report: Pick<ReviewedReport, "reviewed" | "reviewedAt" | "edited"> }) {
  if (report.reviewed) {
    return (
      <Badge variant="success" data-testid="review-badge" data-reviewed="true">
        검토 완료 · {formatReportDate(report.reviewedAt)}
      </Badge>
    );
  }
  return (
    <Badge variant={report.edited ? "warning" : "ghost"} data-testid="review-badge" data-reviewed="false">
      {report.edited ? "선생님 수정 중 (검토 전)" : "검토 전"}
    </Badge>
  );
}

export function ReviewToolbar({
  submissionId,
  report,
  editing,
  onEdit,
}: {
  submissionId: string;
  report: ReviewedReport;
  editing: boolean;
  onEdit: () => void;
}) {
  const [originalOpen, setOriginalOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const complete = useCompleteReview(submissionId);

  return (
    <Card data-testid="review-toolbar">
      <CardBody className="flex flex-row flex-wrap items-center justify-between gap-3">
        <ReviewBadge report={report} />
        <div className="flex flex-wrap gap-2 print:hidden">
          {!editing && (
            <Button variant="outline" size="sm" onClick={onEdit} data-testid="review-edit">
              <Pencil className="size-4" aria-hidden="true" />
              검토·수정
            </Button>
          )}
          {!report.reviewed && (
            <Button
              variant="secondary"
              size="sm"
              loading={complete.isPending}
              disabled={editing}
              data-testid="review-complete"
              onClick={() =>
                complete.mutate(undefined, {
                  onSuccess: () => notify({ title: "검토 완료로 표시했습니다." }),
                  onError: (e) =>
                    notify({ title: "검토 완료로 표시하지 못했습니다.", description: errorMessage(e, ""), variant: "destructive" }),
                })
              }
            >
              <CheckCircle2 className="size-4" aria-hidden="true" />
              검토 완료
            </Button>
          )}
          {report.reviewed && !editing && <PromoteAnchorButton submissionId={submissionId} reviewed />}
          <Button variant="ghost" size="sm" onClick={() => setOriginalOpen(true)} data-testid="ai-original-open">
            <Eye className="size-4" aria-hidden="true" />
            AI 원안 보기
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setShareOpen(true)}
            disabled={!report.reviewed}
            title={report.reviewed ? undefined : "검토 완료한 리포트만 학생에게 공유할 수 있습니다."}
            data-testid="share-open"
          >
            <Link2 className="size-4" aria-hidden="true" />
            학생 링크
          </Button>
        </div>
      </CardBody>
      <AiOriginalDialog open={originalOpen} onOpenChange={setOriginalOpen} report={report} />
      <ShareLinkDialog open={shareOpen} onOpenChange={setShareOpen} submissionId={submissionId} />
    </Card>
  );
}
