// Handing in a draft: typed text or a file/photo. A revision starts from the last draft's text with that
// draft's 첨삭 marks beside it (below it on a phone). A partly legible photo comes back as text for the
// student to correct and submit typed; a refused draft keeps its text on screen.
import { useRef, useState, type FormEvent } from "react";
import type { Annotation } from "@shared/grading.ts";
import { ESSAY_ACCEPT } from "@shared/upload-rules.ts";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Section } from "@/components/ui/section";
import { Textarea } from "@/components/ui/textarea";
import { KIND_STYLE } from "@/components/report/marks";
import { cn } from "@/components/ui/cn";
import { ApiError } from "@/lib/api-client";
import { useSubmitDraft } from "@/features/intake/api/intake";
import { INTAKE_TEXT as T } from "@/features/intake/messages";

function MarksBeside({ marks }: { marks: Annotation[] }) {
  return (
    <aside className="space-y-2" aria-label={T.marksTitle} data-testid="intake-marks">
      <h3 className="text-base font-semibold">{T.marksTitle}</h3>
      {marks.length === 0 && <p className="text-sm text-base-content/75">{T.noMarks}</p>}
      <ul className="space-y-2">
        {marks.map((m, i) => (
          <li key={`${m.start}-${i}`} className={cn("border-l-4 pl-3 text-sm", KIND_STYLE[m.kind].border)}>
            <p className="font-medium">
              <span className="sr-only">{m.kind}: </span>
              <span aria-hidden="true">{KIND_STYLE[m.kind].symbol} </span>“{m.quote}”
            </p>
            <p className="text-base-content/75">{m.comment}</p>
            {m.rewrite && <p className="text-base-content/75">→ {m.rewrite}</p>}
          </li>
        ))}
      </ul>
    </aside>
  );
}

export function DraftForm({
  token,
  code,
  initialText = "",
  marks,
  onDone,
}: {
  token: string;
  code: string;
  initialText?: string;
  /** The last draft's marks, when this is a revision. */
  marks?: Annotation[];
  onDone: (message: string) => void;
}) {
  const [text, setText] = useState(initialText);
  const [notice, setNotice] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const submit = useSubmitDraft(token, code);
  const revising = marks !== undefined;

  const send = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const file = fileRef.current?.files?.[0];
    submit.mutate(file ? { file } : { essayContent: text }, {
      onSuccess: (r) => {
        if (fileRef.current) fileRef.current.value = "";
        onDone(r.message);
      },
      onError: (err) => {
        const data = err instanceof ApiError ? (err.data as { needsConfirmation?: boolean; transcription?: string } | null) : null;
        if (data?.needsConfirmation && data.transcription) {
          setText(data.transcription);
          if (fileRef.current) fileRef.current.value = "";
          setNotice(T.confirmPhoto);
          return;
        }
        setNotice(err.message || T.failed);
      },
    });
  };

  return (
    <Section title={revising ? T.reviseTitle : T.submitTitle} description={revising ? T.reviseHelp : undefined} testId="intake-form">
      <form className={cn("grid gap-4", revising && "lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]")} onSubmit={send}>
        <div className="space-y-3">
          <div>
            <Label htmlFor="intake-essay">{T.essayLabel}</Label>
            <Textarea
              id="intake-essay"
              className="min-h-64 text-base leading-relaxed"
              placeholder={T.essayPlaceholder}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <p className="mt-1 text-right text-xs text-base-content/75 tabular-nums">{T.chars(text.trim().length)}</p>
          </div>
          <div>
            <Label htmlFor="intake-file">{T.fileLabel}</Label>
            <input id="intake-file" ref={fileRef} type="file" accept={ESSAY_ACCEPT} className="file-input file-input-sm w-full" />
          </div>
          {notice && (
            <p role="alert" className="text-sm text-error" data-testid="intake-form-notice">
              {notice}
            </p>
          )}
          <Button type="submit" disabled={submit.isPending} block>
            {submit.isPending ? T.submitting : T.submit}
          </Button>
        </div>
        {revising && <MarksBeside marks={marks} />}
      </form>
    </Section>
  );
}
