// What intake adds to a class page: 학생 제출 받기 beside each assignment (the link dialog), and 학생 코드 발급 in
// the roster's toolbar — codes for students without one, shown once on a sheet to print and cut apart.
import { useState } from "react";
import { formatStudentCode, type IssuedStudentCode } from "@shared/intake.ts";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { PrintPortal, usePrintJob } from "@/components/report/print-portal";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import { useIssueStudentCodes } from "@/features/intake/api/teacher";
import { IntakeLinkDialog } from "@/features/intake/components/intake-link-dialog";
import { INTAKE_TEACHER_TEXT as T } from "@/features/intake/messages";

export function AssignmentIntakeButton({ sessionId, title }: { sessionId: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="xs" onClick={() => setOpen(true)} data-testid="intake-open">
        {T.open}
      </Button>
      {open && <IntakeLinkDialog sessionId={sessionId} title={title} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

function CodesSheet({ codes, className }: { codes: IssuedStudentCode[]; className: string }) {
  return (
    <div className="link-sheet" data-testid="codes-sheet">
      {codes.map((c) => (
        <article key={c.studentId} className="link-sheet-block print-avoid-break">
          <div className="link-sheet-text">
            <p className="link-sheet-caption">
              {T.codesSheetTitle} · {className}
            </p>
            <h2 className="link-sheet-name">
              {c.seatNumber !== null && `${c.seatNumber}번 `}
              {c.name}
              <span className="link-sheet-id"> 수험번호 {c.examNumber}</span>
            </h2>
            <p>{T.codeHowTo}</p>
            <p className="font-mono text-2xl font-semibold tracking-widest" data-testid="issued-code">
              {formatStudentCode(c.code)}
            </p>
          </div>
        </article>
      ))}
    </div>
  );
}

export function StudentCodesButton({ classId, className }: { classId: string; className: string }) {
  const issue = useIssueStudentCodes(classId);
  const [codes, setCodes] = useState<IssuedStudentCode[] | null>(null);
  const print = usePrintJob();
  const run = () =>
    issue.mutate(
      {},
      {
        onSuccess: (r) => {
          notify({ title: T.codes, description: T.codesIssued(r.codes.length) });
          if (r.codes.length > 0) setCodes(r.codes);
        },
        onError: (err) => notifyFailure(T.codes, errorMessage(err, T.codes)),
      },
    );
  return (
    <>
      <Button variant="outline" size="sm" loading={issue.isPending} onClick={run} data-testid="issue-codes">
        {T.codes}
      </Button>
      {codes && (
        <Dialog
          open
          onOpenChange={(o) => !o && setCodes(null)}
          title={T.codesSheetTitle}
          description={T.codesSheetIntro}
          footer={
            <Button size="sm" onClick={print.start}>
              {T.printCodes}
            </Button>
          }
        >
          <ul className="max-h-80 divide-y divide-base-300 overflow-y-auto" data-testid="issued-codes">
            {codes.map((c) => (
              <li key={c.studentId} className="flex items-center justify-between gap-4 py-2 text-sm">
                <span>
                  {c.seatNumber !== null && <span className="tabular-nums">{c.seatNumber}번 </span>}
                  {c.name}
                </span>
                <span className="font-mono tracking-widest">{formatStudentCode(c.code)}</span>
              </li>
            ))}
          </ul>
        </Dialog>
      )}
      {codes && print.printing && (
        <PrintPortal label={T.codesSheetTitle}>
          <CodesSheet codes={codes} className={className} />
        </PrintPortal>
      )}
    </>
  );
}
