import { TextField } from "@/components/ui/text-field";
import { CLASS_LIMITS } from "@shared/classes.ts";
import { CLASSES_TEXT as T } from "@/features/classes/messages";

export interface ClassFormValues {
  name: string;
  grade: string;
  subject: string;
  term: string;
}

export const emptyClassForm: ClassFormValues = { name: "", grade: "", subject: "", term: "" };

const MAX = {
  name: CLASS_LIMITS.nameChars,
  grade: CLASS_LIMITS.gradeChars,
  subject: CLASS_LIMITS.subjectChars,
  term: CLASS_LIMITS.termChars,
};

/** The four fields of a class (name required; 학년, 과목, 학기 optional), in one row on wide screens. */
export function ClassFormFields({
  idPrefix,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  values: ClassFormValues;
  errors: Partial<Record<keyof ClassFormValues, string>>;
  onChange: (values: ClassFormValues) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr_1fr]">
      {(["name", "grade", "subject", "term"] as const).map((key) => (
        <TextField
          key={key}
          id={`${idPrefix}-${key}`}
          label={key === "name" ? T.fields.name : `${T.fields[key]} (선택)`}
          placeholder={T.placeholders[key]}
          maxLength={MAX[key]}
          value={values[key]}
          error={errors[key]}
          onChange={(e) => onChange({ ...values, [key]: e.target.value })}
        />
      ))}
    </div>
  );
}

/** The first message per field of a refused class form. */
export function classFormErrors(
  issues: readonly { path: PropertyKey[]; message: string }[],
): Partial<Record<keyof ClassFormValues, string>> {
  const out: Partial<Record<keyof ClassFormValues, string>> = {};
  for (const issue of issues) {
    const key = issue.path[0] as keyof ClassFormValues;
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}
