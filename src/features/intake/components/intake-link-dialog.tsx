// 학생 제출 받기 on an assignment: a short form (deadline, drafts per student, release) that makes or changes
// the submission link; a new link is shown once with its QR code; closing early is confirmed.
import { useEffect, useState, type FormEvent } from "react";
import { INTAKE_LIMITS, type CreatedIntakeLink, type IntakeRelease } from "@shared/intake.ts";
import { formatSeoulDateOr, seoulDate } from "@shared/format.ts";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-client";
import { useCloseIntakeLink, useIntakeLink, useSaveIntakeLink } from "@/features/intake/api/teacher";
import { INTAKE_TEACHER_TEXT as T } from "@/features/intake/messages";
import { qrDataUrl } from "@/lib/qr";

/** The end of a Seoul calendar day (yyyy-mm-dd) as an ISO instant. */
const endOfSeoulDay = (day: string) => new Date(`${day}T23:59:59+09:00`).toISOString();

function NewLink({ link }: { link: CreatedIntakeLink }) {
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    void qrDataUrl(link.url).then(setQr);
  }, [link.url]);
  return (
    <div className="space-y-3" data-testid="intake-new-link">
      <p className="text-sm text-base-content/75">{T.shownOnce}</p>
      <p className="break-all font-mono text-sm" data-testid="intake-url">
        {link.url}
      </p>
      <div className="flex items-center gap-4">
        {qr && <img src={qr} alt={T.qrAlt} className="size-36" data-testid="intake-qr" />}
        <Button variant="outline" size="sm" onClick={() => void navigator.clipboard?.writeText(link.url).then(() => setCopied(true))}>
          {copied ? T.copied : T.copy}
        </Button>
      </div>
    </div>
  );
}

export function IntakeLinkDialog({
  sessionId,
  title,
  open,
  onClose,
}: {
  sessionId: string;
  title: string;
  open: boolean;
  onClose: () => void;
}) {
  const q = useIntakeLink(sessionId, open);
  const save = useSaveIntakeLink(sessionId);
  const close = useCloseIntakeLink(sessionId);
  const link = q.data?.link ?? null;
  const live = link && link.closedAt === null;
  const [day, setDay] = useState(seoulDate(Date.now(), 7));
  const [maxDrafts, setMaxDrafts] = useState<number>(INTAKE_LIMITS.defaultDrafts);
  const [release, setRelease] = useState<IntakeRelease>("after_review");
  const [created, setCreated] = useState<CreatedIntakeLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!live) return;
    setDay(seoulDate(link.deadline));
    setMaxDrafts(link.maxDrafts);
    setRelease(link.release);
  }, [live, link?.deadline, link?.maxDrafts, link?.release]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      { input: { deadline: endOfSeoulDay(day), maxDrafts, release }, create: !live },
      {
        onSuccess: (r) => {
          if ("token" in r) setCreated(r as CreatedIntakeLink);
        },
        onError: (err) => setError(errorMessage(err, T.create)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={T.dialogTitle(title)} description={T.dialogHelp}>
      <div className="space-y-4" data-testid="intake-link-dialog">
        {live && (
          <p className="text-sm" data-testid="intake-link-state">
            {link.open ? T.openUntil(formatSeoulDateOr(link.deadline, "date", "")) : T.closed}
          </p>
        )}
        {link?.quotaRefusedAt && <p className="text-sm text-error">{T.quotaNotice(formatSeoulDateOr(link.quotaRefusedAt, "date", ""))}</p>}
        {created && <NewLink link={created} />}
        <form className="space-y-3" onSubmit={submit}>
          <div>
            <Label htmlFor="intake-deadline">{T.deadline}</Label>
            <div className="w-44">
              <Input id="intake-deadline" type="date" value={day} onChange={(e) => setDay(e.target.value)} required />
            </div>
          </div>
          <div>
            <Label htmlFor="intake-max">{T.maxDrafts}</Label>
            <div className="flex items-center gap-2">
              <div className="w-20">
                <Input
                  id="intake-max"
                  type="number"
                  className="tabular-nums"
                  min={INTAKE_LIMITS.minDrafts}
                  max={INTAKE_LIMITS.maxDrafts}
                  value={maxDrafts}
                  onChange={(e) => setMaxDrafts(Number(e.target.value))}
                />
              </div>
              <span className="text-sm">{T.times}</span>
            </div>
          </div>
          <fieldset>
            <legend className="mb-1 text-sm font-medium">{T.release}</legend>
            {(["after_review", "immediate"] as const).map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  className="radio radio-sm"
                  name="intake-release"
                  checked={release === r}
                  onChange={() => setRelease(r)}
                />
                {r === "after_review" ? T.releaseAfterReview : T.releaseImmediate}
              </label>
            ))}
          </fieldset>
          {error && (
            <p role="alert" className="text-sm text-error">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {live && (
              <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
                {T.close}
              </Button>
            )}
            <Button type="submit" size="sm" loading={save.isPending}>
              {live ? T.save : T.create}
            </Button>
          </div>
        </form>
      </div>
      <ConfirmDialog
        open={confirming}
        title={T.close}
        description={T.closeConfirm}
        confirmLabel={T.close}
        busy={close.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => close.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </Dialog>
  );
}
