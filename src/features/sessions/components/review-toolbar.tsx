// The review actions of the report's toolbar: 검토·수정, AI 원안 보기, 공유 링크 and (until reviewed) 검토 완료,
// the one primary action of the view. Outline buttons, placed in the view's one toolbar; the review
// state itself is the report header's badge.
import { CheckCircle2, Eye, Link2, Pencil } from "lucide-react";
import { useState } from "react";
import type { ReviewedReport } from "@shared/review.ts";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useCompleteReview } from "@/features/sessions/api/review";
import { AiOriginalDialog } from "@/features/sessions/components/ai-original-dialog";
import { ShareLinkDialog } from "@/features/sessions/components/share-link-dialog";
import { PromoteAnchorButton } from "@/features/sessions/components/promote-anchor-button";

export { ReviewBadge } from "@/components/report/report-header";

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

  return (
    <>
      {!editing && (
        <Button variant="outline" size="sm" onClick={onEdit} data-testid="review-edit">
          <Pencil className="size-4" aria-hidden="true" />
          검토·수정
        </Button>
      )}
      <Button variant="outline" size="sm" onClick={() => setOriginalOpen(true)} data-testid="ai-original-open">
        <Eye className="size-4" aria-hidden="true" />
        AI 원안 보기
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setShareOpen(true)}
        disabled={!report.reviewed}
        title={report.reviewed ? undefined : "검토 완료한 리포트만 학생에게 공유할 수 있습니다."}
        data-testid="share-open"
      >
        <Link2 className="size-4" aria-hidden="true" />
        공유 링크
      </Button>
      {report.reviewed && !editing && <PromoteAnchorButton submissionId={submissionId} reviewed />}
      <AiOriginalDialog open={originalOpen} onOpenChange={setOriginalOpen} report={report} />
      <ShareLinkDialog open={shareOpen} onOpenChange={setShareOpen} submissionId={submissionId} />
    </>
  );
}

/** 검토 완료: the view's primary action while the report is not reviewed (nothing once it is). */
export function CompleteReviewButton({
  submissionId,
  report,
  editing,
}: {
  submissionId: string;
  report: ReviewedReport;
  editing: boolean;
}) {
  const complete = useCompleteReview(submissionId);
  if (report.reviewed) return null;
  return (
    <Button
      variant="primary"
      size="sm"
      loading={complete.isPending}
      disabled={editing}
      data-testid="review-complete"
      onClick={() =>
        complete.mutate(undefined, {
          onSuccess: () => notify({ title: "검토 완료로 표시했습니다." }),
          onError: (e) => notify({ title: "검토 완료로 표시하지 못했습니다.", description: errorMessage(e, ""), variant: "destructive" }),
        })
      }
    >
      <CheckCircle2 className="size-4" aria-hidden="true" />
      검토 완료
    </Button>
  );
}
