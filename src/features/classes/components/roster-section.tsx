import { useRef, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { EmptyState, Section } from "@/components/ui/section";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import { CLASS_LIMITS, studentInputSchema } from "@shared/classes.ts";
import type { ClassDetail, RosterImportRowError, RosterStudent } from "@shared/types.ts";
import { useAddStudent, useImportRoster, useRemoveFromClass } from "@/features/classes/api/classes";
import { DeleteStudentDialog } from "@/features/classes/components/delete-student-dialog";
import { CLASSES_TEXT as T } from "@/features/classes/messages";

type AddField = "examNumber" | "name" | "seatNumber";

/** 학생 추가: 수험번호, 이름 and an optional 번호 on one line (the page's one primary button). */
function AddStudentForm({ classId }: { classId: string }) {
  const add = useAddStudent(classId);
  const [values, setValues] = useState({ examNumber: "", name: "", seatNumber: "" });
  const [errors, setErrors] = useState<Partial<Record<AddField, string>>>({});
  const examRef = useRef<HTMLInputElement>(null);

  const submit = () => {
    const seat = values.seatNumber.trim();
    const parsed = studentInputSchema.safeParse({ ...values, seatNumber: seat ? Number(seat) : null });
    if (!parsed.success) {
      const out: Partial<Record<AddField, string>> = {};
      for (const issue of parsed.error.issues) out[issue.path[0] as AddField] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: T.addTitle, description: T.added });
        setValues({ examNumber: "", name: "", seatNumber: "" });
        examRef.current?.focus();
      },
      onError: (e) => notifyFailure(T.addFail, errorMessage(e, T.addFail)),
    });
  };

  const field = (key: AddField, label: string, className: string, extra: Record<string, unknown> = {}) => (
    <div className={className}>
      <Label htmlFor={`add-student-${key}`}>{label}</Label>
      <Input
        id={`add-student-${key}`}
        value={values[key]}
        invalid={!!errors[key]}
        aria-describedby={errors[key] ? `add-student-${key}-error` : undefined}
        onChange={(e) => setValues({ ...values, [key]: e.target.value })}
        {...extra}
      />
      <FieldError id={`add-student-${key}-error`} message={errors[key]} />
    </div>
  );

  return (
    <form
      className="flex flex-wrap items-start gap-x-4 gap-y-2"
      aria-label={T.addTitle}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {field("seatNumber", T.seatLabel + " (선택)", "w-20", { inputMode: "numeric", maxLength: 3 })}
      {field("examNumber", T.examLabel, "w-40", { ref: examRef, maxLength: CLASS_LIMITS.examNumberChars })}
      {field("name", T.nameLabel, "w-40", { maxLength: CLASS_LIMITS.studentNameChars })}
      <Button type="submit" className="mt-6" loading={add.isPending}>
        {T.addButton}
      </Button>
    </form>
  );
}

/** The rows a refused import named, as a table (row number and reason). */
function ImportErrors({ message, rows }: { message: string; rows: RosterImportRowError[] }) {
  return (
    <div role="alert" className="space-y-2" data-testid="roster-import-errors">
      <p className="text-sm text-error">{message}</p>
      {rows.length > 0 && (
        <DataTable
          className="table-sm"
          columns={[{ label: T.importErrorsColumns[0], end: true, className: "w-16" }, T.importErrorsColumns[1]]}
          caption={<caption className="sr-only">{T.importErrorsTitle}</caption>}
        >
          {rows.map((r) => (
            <tr key={r.row}>
              <td className="text-right tabular-nums">{r.row}</td>
              <td>{r.reason}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

/** 명단 파일 올리기: a file input behind an outline button; a refused file's rows are listed below. */
function ImportButton({
  classId,
  onErrors,
}: {
  classId: string;
  onErrors: (e: { message: string; rows: RosterImportRowError[] } | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const importRoster = useImportRoster(classId);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv"
        className="sr-only"
        data-testid="roster-file-input"
        aria-label={T.importButton}
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (!file) return;
          onErrors(null);
          importRoster.mutate(file, {
            onSuccess: (res) => notify({ title: T.importButton, description: res.message }),
            onError: (err) => {
              const data = err instanceof ApiError ? (err.data as { rows?: RosterImportRowError[] } | null) : null;
              if (err instanceof ApiError && err.status === 422) onErrors({ message: err.message, rows: data?.rows ?? [] });
              else notifyFailure(T.importFail, errorMessage(err, T.importFail));
            },
          });
        }}
      />
      <Button size="sm" variant="outline" loading={importRoster.isPending} onClick={() => input.current?.click()}>
        {importRoster.isPending ? T.importing : T.importButton}
      </Button>
    </>
  );
}

/** 학생 명단: the roster table (번호, 수험번호, 이름; 반에서 빼기, 학생 삭제), the add form and the import. */
export function RosterSection({ detail, extraActions }: { detail: ClassDetail; extraActions?: ReactNode }) {
  const remove = useRemoveFromClass(detail.id);
  const [importErrors, setImportErrors] = useState<{ message: string; rows: RosterImportRowError[] } | null>(null);
  const [toDelete, setToDelete] = useState<RosterStudent | null>(null);

  return (
    <Section
      title={`${T.rosterTitle} (${detail.students.length}명)`}
      description={T.rosterDescription}
      actions={
        <>
          {extraActions}
          <ImportButton classId={detail.id} onErrors={setImportErrors} />
        </>
      }
      testId="class-roster"
    >
      <p className="text-xs text-base-content/75">{T.importHint}</p>
      {importErrors && <ImportErrors {...importErrors} />}
      <AddStudentForm classId={detail.id} />
      {detail.students.length === 0 ? (
        <EmptyState title={T.rosterEmpty}>{T.rosterEmptyHint}</EmptyState>
      ) : (
        <DataTable
          region={T.rosterTitle}
          columns={[
            { label: T.columns.seat, end: true, className: "w-16" },
            T.columns.exam,
            T.columns.name,
            { label: T.columns.actions, end: true },
          ]}
        >
          {detail.students.map((s) => (
            <tr key={s.id} data-testid="roster-row">
              <td className="text-right tabular-nums">{s.seatNumber ?? ""}</td>
              <td className="tabular-nums">{s.examNumber}</td>
              <td>
                <Link to={paths.student.getHref(s.id)} className="link link-primary" data-testid="roster-student-link">
                  {s.name}
                </Link>
              </td>
              <td className="text-right whitespace-nowrap">
                <Button
                  size="xs"
                  variant="ghost"
                  loading={remove.isPending && remove.variables === s.id}
                  onClick={() =>
                    remove.mutate(s.id, {
                      onSuccess: () => notify({ title: T.removeFromClass, description: T.removed }),
                      onError: (e) => notifyFailure(T.deleteFail, errorMessage(e, T.deleteFail)),
                    })
                  }
                >
                  {T.removeFromClass}
                </Button>
                <Button size="xs" variant="ghost" onClick={() => setToDelete(s)}>
                  {T.deleteStudent}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <DeleteStudentDialog student={toDelete} onClose={() => setToDelete(null)} />
    </Section>
  );
}
