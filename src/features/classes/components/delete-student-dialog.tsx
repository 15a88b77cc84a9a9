import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import type { RosterStudent, StudentAnswersChoice } from "@shared/types.ts";
import { useDeleteStudent } from "@/features/classes/api/classes";
import { CLASSES_TEXT as T } from "@/features/classes/messages";

/** 학생 삭제, confirmed, with the choice of what happens to the student's answers (no default). */
export function DeleteStudentDialog({ student, onClose }: { student: RosterStudent | null; onClose: () => void }) {
  const remove = useDeleteStudent();
  const [choice, setChoice] = useState<{ for: string; value: StudentAnswersChoice } | null>(null);
  const answers = choice && student && choice.for === student.id ? choice.value : null;

  const options: [StudentAnswersChoice, string][] = [
    ["keep", T.keepAnswers],
    ["delete", T.deleteAnswers],
  ];
  return (
    <ConfirmDialog
      open={student !== null}
      title={student ? T.deleteStudentTitle(student.name) : ""}
      description={T.deleteStudentBody}
      confirmLabel={T.deleteConfirm}
      busy={remove.isPending}
      confirmDisabled={!answers}
      onCancel={onClose}
      onConfirm={() => {
        if (!student || !answers) return;
        remove.mutate(
          { studentId: student.id, answers },
          {
            onSuccess: (res) => {
              notify({ title: T.deleteStudent, description: res.message });
              onClose();
            },
            onError: (e) => notifyFailure(T.deleteFail, errorMessage(e, T.deleteFail)),
          },
        );
      }}
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">{T.deleteStudentBody}</legend>
        {options.map(([value, label]) => (
          <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              className="radio radio-sm"
              name="student-answers"
              value={value}
              checked={answers === value}
              onChange={() => student && setChoice({ for: student.id, value })}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </ConfirmDialog>
  );
}
