import { useState } from "react";
import { RefreshCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { Submission } from "@shared/types.ts";
import { SESSION_MESSAGES } from "@/features/sessions/messages";
import { displayStudent } from "@/features/sessions/utils/submission-stats";

const M = SESSION_MESSAGES.regrade;

export interface RegradeButtonProps {
  submission: Submission;
  /** Sends the answer back to grading; the dialog closes when the promise settles. */
  onRegrade: (submission: Submission) => Promise<unknown>;
  busy?: boolean;
}

/** 재채점 of a completed answer, after a confirmation that says it uses one grading. */
export function RegradeButton({ submission, onRegrade, busy = false }: RegradeButtonProps) {
  const [open, setOpen] = useState(false);
  const confirm = () => void onRegrade(submission).finally(() => setOpen(false));
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} loading={busy} aria-label={M.label(displayStudent(submission))}>
        <RefreshCcw className="size-4" aria-hidden="true" />
        {M.button}
      </Button>
      <ConfirmDialog
        open={open}
        title={M.confirmTitle}
        description={
          <>
            <span className="block">{M.confirm}</span>
            <span className="mt-2 block text-sm text-base-content/70">{M.confirmReview}</span>
          </>
        }
        confirmLabel={M.confirmLabel}
        confirmVariant="primary"
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
      />
    </>
  );
}
