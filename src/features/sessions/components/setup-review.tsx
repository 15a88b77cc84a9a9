import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useClasses } from "@/lib/classes";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import type { AnalysisSession } from "@shared/types.ts";
import { RUBRIC_LIMITS, sessionTitleSchema } from "@shared/session-setup.ts";
import { useUpdateSession } from "@/features/sessions/api/update-session";
import { SESSION_MESSAGES } from "@/features/sessions/messages";

const M = SESSION_MESSAGES.setupCheck;

/** The work item's name (the page title), saved on the session. */
export function TitleForm({ session }: { session: AnalysisSession }) {
  const update = useUpdateSession();
  const current = session.title ?? session.promptFilename ?? "";
  const [draft, setDraft] = useState<{ for: string; value: string }>({ for: current, value: current });
  const value = draft.for === current ? draft.value : current;
  const [error, setError] = useState<string | undefined>();

  const save = () => {
    const parsed = sessionTitleSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(
      { sessionId: session.id, body: { title: parsed.data } },
      {
        onSuccess: () => notify({ title: M.titleLabel, description: M.titleSaved }),
        onError: (e) => notify({ title: M.saveFailTitle, description: errorMessage(e, M.saveFailTitle), variant: "destructive" }),
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className="min-w-0 flex-1">
        <Label htmlFor="session-title">{M.titleLabel}</Label>
        <Input
          id="session-title"
          value={value}
          maxLength={RUBRIC_LIMITS.titleChars}
          invalid={!!error}
          aria-describedby={error ? "session-title-error" : undefined}
          onChange={(e) => setDraft({ for: current, value: e.target.value })}
        />
        <FieldError id="session-title-error" message={error} />
      </div>
      <Button type="submit" size="sm" variant="outline" loading={update.isPending}>
        {M.titleSave}
      </Button>
    </form>
  );
}

/** Text the server read from an uploaded file, scrollable, for checking before grading. */
export function ExtractedText({ label, text, id }: { label: string; text: string; id: string }) {
  return (
    <div className="min-w-0">
      <p id={id} className="mb-1 text-sm font-medium">
        {label}
      </p>
      <pre
        aria-labelledby={id}
        tabIndex={0}
        className="max-h-48 overflow-auto rounded-box bg-base-200 p-3 font-sans text-sm whitespace-pre-wrap break-words"
        data-testid={id}
      >
        {text}
      </pre>
    </div>
  );
}

/** The question and criteria text the server read from the session's files. */
export function extractedTexts(session: AnalysisSession): { question: string; criteria: string } {
  const question = session.promptContent.trim() ? session.promptContent : M.imagePending;
  const criteria = session.criteriaContent?.trim() ? session.criteriaContent : session.criteriaFilename ? M.imagePending : M.noCriteria;
  return { question, criteria };
}

/**
 * 반: the class of the assignment (optional, "반 없음"). With a session it is saved at once (its
 * answers are then linked to the class's students); before one, `onChange` keeps the choice for
 * the creation. Not shown to a teacher without classes.
 */
export function ClassSelect({
  session,
  value,
  onChange,
}: {
  session: AnalysisSession | null;
  value: string;
  onChange: (v: string) => void;
}) {
  const classes = useClasses();
  const update = useUpdateSession();
  const current = session ? (session.classId ?? "") : value;
  if (!classes.data?.length && !current) return null;
  const change = (next: string) => {
    if (!session) return onChange(next);
    update.mutate(
      { sessionId: session.id, body: { classId: next || null } },
      {
        onSuccess: () => notify({ title: M.classLabel, description: M.classSaved }),
        onError: (e) => notify({ title: M.saveFailTitle, description: errorMessage(e, M.saveFailTitle), variant: "destructive" }),
      },
    );
  };
  return (
    <div className="w-full sm:w-72">
      <Label htmlFor="session-class">{M.classLabel}</Label>
      <Select
        id="session-class"
        value={current}
        disabled={update.isPending}
        onChange={(e) => change(e.target.value)}
        options={[{ value: "", label: M.noClass }, ...(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
      />
    </div>
  );
}
