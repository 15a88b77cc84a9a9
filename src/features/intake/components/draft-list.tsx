// The student's drafts of one assignment as the teacher sees them on the student page, with the teacher's
// controls: open the result (to review it), hide a draft from the student or show it again, and grade it again.
import { useState } from "react";
import { Link } from "react-router-dom";
import { formatScore, formatSeoulDateOr } from "@shared/format.ts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { paths } from "@/config/paths";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import { errorMessage } from "@/lib/api-client";
import { useHideDraft, useRegradeDraft, type TeacherDraft } from "@/features/intake/api/teacher";
import { DRAFTS_TEXT as T } from "@/features/intake/messages";

export function DraftList({ studentId, sessionId, drafts }: { studentId: string; sessionId: string; drafts: TeacherDraft[] }) {
  const hide = useHideDraft(studentId, sessionId);
  const regrade = useRegradeDraft(studentId, sessionId);
  const [confirming, setConfirming] = useState<TeacherDraft | null>(null);

  const toggle = (d: TeacherDraft) =>
    hide.mutate(
      { submissionId: d.id, hidden: !d.hidden },
      {
        onSuccess: (r) => notify({ title: r.hidden ? T.hiddenDone : T.shownDone }),
        onError: (e) => notifyFailure(d.hidden ? T.show : T.hide, errorMessage(e, T.actionFailed)),
      },
    );
  const runRegrade = () => {
    const d = confirming;
    if (!d) return;
    regrade.mutate(d.id, {
      onSuccess: () => notify({ title: T.regraded }),
      onError: (e) => notifyFailure(T.regrade, errorMessage(e, T.actionFailed)),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <div className="space-y-2">
      <h3 className="text-base font-semibold">{T.list}</h3>
      <ul className="divide-y divide-base-300" data-testid="draft-list">
        {drafts.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2 text-sm" data-testid={`draft-${d.draftNumber}`}>
            <span className="font-semibold">{T.draftLabel(d.draftNumber)}</span>
            <span className="text-base-content/75">{formatSeoulDateOr(d.submittedAt, "dateTime", "")}</span>
            <span className="tabular-nums">
              {d.overallScore !== null && d.maxScore !== null
                ? `${formatScore(d.overallScore)}/${formatScore(d.maxScore)}`
                : (T.status[d.status] ?? d.status)}
            </span>
            {d.reviewed && (
              <Badge size="sm" variant="success">
                {T.reviewed}
              </Badge>
            )}
            {d.hidden && <Badge size="sm">{T.hidden}</Badge>}
            <span className="ml-auto flex flex-wrap gap-1">
              <Link className="btn btn-ghost btn-sm" to={paths.sessionReport.getHref(sessionId, d.id)}>
                {T.openReport}
              </Link>
              <Button variant="ghost" size="sm" onClick={() => toggle(d)} loading={hide.isPending && hide.variables?.submissionId === d.id}>
                {d.hidden ? T.show : T.hide}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(d)} disabled={d.status !== "completed"}>
                {T.regrade}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? T.regradeTitle(confirming.draftNumber) : ""}
        description={T.regradeDescription}
        confirmLabel={T.regrade}
        confirmVariant="primary"
        busy={regrade.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={runRegrade}
      />
    </div>
  );
}
