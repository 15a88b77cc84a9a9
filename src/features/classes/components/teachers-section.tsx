import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import type { ClassTeacher } from "@shared/types.ts";
import { useClassTeachers, useSaveClassTeachers } from "@/features/classes/api/teachers";
import { CLASSES_TEXT as T } from "@/features/classes/messages";

/** The organisation's members as checkboxes; 저장 sends the chosen set. */
function TeacherPicker({
  classId,
  members,
  chosen,
  onDone,
}: {
  classId: string;
  members: ClassTeacher[];
  chosen: string[];
  onDone: () => void;
}) {
  const save = useSaveClassTeachers(classId);
  const [picked, setPicked] = useState(() => new Set(chosen));
  const toggle = (id: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate([...picked], {
          onSuccess: (res) => {
            notify({ title: T.teachersTitle, description: res.message });
            onDone();
          },
          onError: (err) => notifyFailure(T.teachersSaveFail, errorMessage(err, T.teachersSaveFail)),
        });
      }}
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">{T.teachersPick}</legend>
        {members.map((m) => (
          <label key={m.userId} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={picked.has(m.userId)}
              onChange={(e) => toggle(m.userId, e.target.checked)}
            />
            <span className="break-words">{m.name}</span>
            <span className="text-xs text-base-content/75">{T.roles[m.role]}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="outline" onClick={onDone}>
          {T.editCancel}
        </Button>
        <Button type="submit" size="sm" variant="outline" loading={save.isPending}>
          {T.editSave}
        </Button>
      </div>
    </form>
  );
}

/** 담당 교사 of an organisation's class; its owner and managers choose them (nothing for a personal class). */
export function TeachersSection({ classId }: { classId: string }) {
  const teachers = useClassTeachers(classId);
  const [picking, setPicking] = useState(false);
  const data = teachers.data;
  if (!data?.organisation) return null;
  const action =
    data.canAssign && !picking ? (
      <Button size="sm" variant="outline" onClick={() => setPicking(true)}>
        {T.teachersEdit}
      </Button>
    ) : undefined;
  return (
    <Section title={T.teachersTitle} description={T.teachersDescription} actions={action} testId="class-teachers">
      {picking ? (
        <TeacherPicker
          classId={classId}
          members={data.members}
          chosen={data.teachers.map((t) => t.userId)}
          onDone={() => setPicking(false)}
        />
      ) : data.teachers.length === 0 ? (
        <p className="text-sm text-base-content/75">{T.teachersNone}</p>
      ) : (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={T.teachersTitle}>
          {data.teachers.map((t) => (
            <li key={t.userId}>{t.name}</li>
          ))}
        </ul>
      )}
    </Section>
  );
}
