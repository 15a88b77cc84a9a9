// The student's code entry: checked for shape here (8 characters of the alphabet), then by the server.
import { useState, type FormEvent } from "react";
import { normalizeStudentCode } from "@shared/intake.ts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Section } from "@/components/ui/section";
import { INTAKE_TEXT as T } from "@/features/intake/messages";

export function CodeForm({ error, onCode }: { error?: string | null; onCode: (code: string) => void }) {
  const [value, setValue] = useState("");
  const [shapeError, setShapeError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = normalizeStudentCode(value);
    if (!code) return setShapeError(T.codeInvalid);
    setShapeError(null);
    onCode(code);
  };
  const message = shapeError ?? error;
  return (
    <Section title={T.codeTitle} description={T.codeHelp} testId="intake-code">
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
        <div className="w-44">
          <Label htmlFor="student-code">{T.codeLabel}</Label>
          <Input
            id="student-code"
            className="font-mono uppercase tracking-widest"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={12}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={!!message}
            aria-describedby={message ? "student-code-error" : undefined}
          />
        </div>
        <Button type="submit">{T.codeSubmit}</Button>
      </form>
      {message && (
        <p id="student-code-error" role="alert" className="text-sm text-error">
          {message}
        </p>
      )}
    </Section>
  );
}
