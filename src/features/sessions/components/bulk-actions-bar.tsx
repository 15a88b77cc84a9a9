// The dashboard's whole-class actions on the selected answers: 전체 선택, "N개 선택됨", 검토 완료 and
// 삭제 (each confirmed once), and 학생 링크 안내문 (links for the selection, or for every reviewed
// answer when nothing is selected: printed as a sheet with QR codes, or saved as CSV).
import { useEffect, useRef, useState } from "react";
import { CheckCheck, Link2, Printer, Trash2 } from "lucide-react";
import type { StudentLink } from "@shared/bulk.ts";
import type { Submission } from "@shared/types.ts";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Toolbar } from "@/components/ui/section";
import { PrintPortal, usePrintJob } from "@/components/report/print-portal";
import { errorMessage, saveBlob } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import { useBulkDelete, useBulkReviewComplete, useCreateStudentLinks } from "@/features/sessions/api/bulk-actions";
import { LinkSheet, type SheetLink } from "@/features/sessions/components/link-sheet";
import { linkSheetCsv, qrDataUrl } from "@/features/sessions/utils/link-sheet";
import { BULK_UI_MESSAGES as M } from "@/features/sessions/bulk-messages";

export interface BulkActionsBarProps {
  sessionId: string;
  /** The answers shown (전체 선택 selects these). */
  submissions: Submission[];
  selected: ReadonlySet<string>;
  onSelectedChange: (next: Set<string>) => void;
  /** Shown on the link sheet beside its title (the session's name). */
  title?: string | null;
}

function SelectAll({ count, total, onChange }: { count: number; total: number; onChange: (all: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && count < total;
  }, [count, total]);
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm">
      <input
        ref={ref}
        type="checkbox"
        className="checkbox checkbox-sm"
        checked={total > 0 && count === total}
        disabled={total === 0}
        onChange={(e) => onChange(e.target.checked)}
        data-testid="select-all"
      />
      {M.selectAll}
    </label>
  );
}

export function BulkActionsBar({ sessionId, submissions, selected, onSelectedChange, title }: BulkActionsBarProps) {
  const review = useBulkReviewComplete();
  const remove = useBulkDelete();
  const makeLinks = useCreateStudentLinks();
  const job = usePrintJob();
  const [confirm, setConfirm] = useState<"review" | "delete" | null>(null);
  const [links, setLinks] = useState<SheetLink[] | null>(null);
  const [linkMessage, setLinkMessage] = useState("");
  const ids = submissions.filter((s) => selected.has(s.id)).map((s) => s.id);
  const count = ids.length;

  const runReview = () =>
    review.mutate(
      { sessionId, submissionIds: ids },
      {
        onSuccess: (r) => notify({ title: M.reviewDone, description: r.message }),
        onError: (error) => notifyFailure(M.reviewFailed, errorMessage(error, M.reviewFailed)),
        onSettled: () => setConfirm(null),
      },
    );

  const runDelete = () =>
    remove.mutate(
      { sessionId, submissionIds: ids },
      {
        onSuccess: (r) => {
          onSelectedChange(new Set());
          notify({ title: M.removeDone, description: r.message });
        },
        onError: (error) => notifyFailure(M.removeFailed, errorMessage(error, M.removeFailed)),
        onSettled: () => setConfirm(null),
      },
    );

  const runLinks = () =>
    makeLinks.mutate(
      { sessionId, submissionIds: ids },
      {
        onSuccess: async (r) => {
          const withQr = await Promise.all(r.links.map(async (l: StudentLink) => ({ ...l, qr: await qrDataUrl(l.url) })));
          setLinkMessage(r.message);
          setLinks(withQr);
        },
        onError: (error) => notifyFailure(M.linksFailed, errorMessage(error, M.linksFailed)),
      },
    );

  const saveCsv = () => {
    if (!links) return;
    saveBlob(new Blob([linkSheetCsv(links)], { type: "text/csv;charset=utf-8" }), M.csvFilename);
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2" data-testid="bulk-actions">
        <div className="flex items-center gap-4">
          <SelectAll
            count={count}
            total={submissions.length}
            onChange={(all) => onSelectedChange(all ? new Set(submissions.map((s) => s.id)) : new Set())}
          />
          <span className="text-sm text-base-content/75 tabular-nums" aria-live="polite" data-testid="selected-count">
            {M.selected(count)}
          </span>
        </div>
        <Toolbar label={M.toolbar}>
          <Button size="sm" variant="outline" disabled={count === 0} onClick={() => setConfirm("review")}>
            <CheckCheck className="size-4" aria-hidden="true" />
            {M.review}
          </Button>
          <Button size="sm" variant="outline" onClick={runLinks} loading={makeLinks.isPending} title={M.linksHint}>
            <Link2 className="size-4" aria-hidden="true" />
            {M.links}
          </Button>
          <Button size="sm" variant="outline" disabled={count === 0} onClick={() => setConfirm("delete")}>
            <Trash2 className="size-4" aria-hidden="true" />
            {M.remove}
          </Button>
        </Toolbar>
      </div>
      <ConfirmDialog
        open={confirm === "review"}
        title={M.reviewTitle}
        description={M.reviewConfirm(count)}
        confirmLabel={M.review}
        confirmVariant="primary"
        busy={review.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={runReview}
      />
      <ConfirmDialog
        open={confirm === "delete"}
        title={M.removeTitle}
        description={M.removeConfirm(count)}
        confirmLabel={M.remove}
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={runDelete}
      />
      <Dialog
        open={links !== null}
        onOpenChange={(open) => !open && setLinks(null)}
        title={M.linksDialogTitle}
        description={linkMessage}
        footer={
          <>
            <Button variant="outline" onClick={saveCsv}>
              {M.linksCsv}
            </Button>
            <Button onClick={job.start}>
              <Printer className="size-4" aria-hidden="true" />
              {M.linksPrint}
            </Button>
          </>
        }
      >
        <p className="text-sm">{M.linksDialogNote}</p>
      </Dialog>
      {links && job.printing && (
        <PrintPortal label={M.sheetLabel}>
          <LinkSheet links={links} title={title} />
        </PrintPortal>
      )}
    </>
  );
}
