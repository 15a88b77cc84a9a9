// 확인 필요 on an answer's row: the result has something the teacher must check (e.g. a rubric
// category the AI left unscored), with the server's reason beside it.
import type { Submission } from "@shared/types.ts";
import { Badge } from "@/components/ui/badge";

export function NeedsReviewBadge({ submission }: { submission: Pick<Submission, "id" | "result"> }) {
  const reason = submission.result?.needsReviewReason;
  if (!reason) return null;
  const id = `needs-review-${submission.id}`;
  return (
    <>
      <Badge variant="warning" size="sm" aria-describedby={id} data-testid="needs-review-badge">
        확인 필요
      </Badge>
      <span id={id} className="basis-full text-xs text-base-content/75">
        {reason}
      </span>
    </>
  );
}
