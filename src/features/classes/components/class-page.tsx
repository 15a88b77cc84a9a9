import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { ArrowLeft } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { IconLink } from "@/components/ui/icon-link";
import { Skeleton } from "@/components/ui/skeleton";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { paths } from "@/config/paths";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useClassDetail } from "@/lib/classes";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import { classInputSchema } from "@shared/classes.ts";
import type { ClassDetail } from "@shared/types.ts";
import { useDeleteClass, useUpdateClass } from "@/features/classes/api/classes";
import { ClassFormFields, classFormErrors, type ClassFormValues } from "@/features/classes/components/class-form-fields";
import { RosterSection } from "@/features/classes/components/roster-section";
import { AssignmentsSection } from "@/features/classes/components/assignments-section";
import { TeachersSection } from "@/features/classes/components/teachers-section";
import { ClassMatrixSection } from "@/features/classes/components/class-matrix";
import { CLASSES_TEXT as T } from "@/features/classes/messages";

/** The class's name and 학년 · 과목 · 학기, with 수정 (an inline form) and 반 삭제 (confirmed). */
function ClassHeader({ detail }: { detail: ClassDetail }) {
  const navigate = useNavigate();
  const update = useUpdateClass(detail.id);
  const remove = useDeleteClass(detail.id);
  const [editing, setEditing] = useState<ClassFormValues | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof ClassFormValues, string>>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const meta = [detail.grade, detail.subject, detail.term].filter(Boolean).join(" · ");

  const save = () => {
    if (!editing) return;
    const parsed = classInputSchema.safeParse(editing);
    if (!parsed.success) {
      setErrors(classFormErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: T.pageTitle, description: T.saved });
        setEditing(null);
      },
      onError: (e) => notifyFailure(T.saveFail, errorMessage(e, T.saveFail)),
    });
  };

  return (
    <header className="space-y-3">
      <IconLink to={paths.classes.getHref()} icon={ArrowLeft}>
        {T.back}
      </IconLink>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold break-words" data-testid="class-title">
            {detail.name}
          </h1>
          {meta && <p className="text-sm text-base-content/75">{meta}</p>}
        </div>
        {!editing && (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                setEditing({ name: detail.name, grade: detail.grade ?? "", subject: detail.subject ?? "", term: detail.term ?? "" })
              }
            >
              {T.edit}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirmDelete(true)}>
              {T.deleteClass}
            </Button>
          </div>
        )}
      </div>
      {editing && (
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <ClassFormFields idPrefix="edit-class" values={editing} errors={errors} onChange={setEditing} />
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="outline" onClick={() => setEditing(null)}>
              {T.editCancel}
            </Button>
            <Button type="submit" size="sm" variant="outline" loading={update.isPending}>
              {T.editSave}
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={T.deleteClassTitle}
        description={T.deleteClassBody}
        confirmLabel={T.deleteConfirm}
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: (res) => {
              notify({ title: T.deleteClass, description: res.message });
              navigate(paths.classes.getHref());
            },
            onError: (e) => notifyFailure(T.deleteFail, errorMessage(e, T.deleteFail)),
          })
        }
      />
    </header>
  );
}

/**
 * /classes/:id: the class's header, then its sections (학생 명단, 과제, 성적표), each a plain `Section`
 * child of the page's `space-y-8` list: a further section is one more line here.
 */
/** What other features add to the class page (composed by the route): roster actions, an action per assignment. */
export interface ClassPageSlots {
  rosterActions?: (detail: ClassDetail) => ReactNode;
  assignmentAction?: (assignment: { id: string; title: string }) => ReactNode;
  /** Sections after the class's results. */
  sections?: (detail: ClassDetail) => ReactNode;
}

export function ClassPage({ classId, slots = {} }: { classId: string; slots?: ClassPageSlots }) {
  const detail = useClassDetail(classId);
  if (detail.error instanceof ApiError && detail.error.status === 404) return <NotFoundPage />;
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8" data-testid="class-page">
      {!detail.data ? (
        <div className="space-y-4" aria-busy="true">
          <h1 className="sr-only">{T.pageTitle}</h1>
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        <>
          <ClassHeader detail={detail.data} />
          <TeachersSection classId={classId} />
          <RosterSection detail={detail.data} extraActions={slots.rosterActions?.(detail.data)} />
          <AssignmentsSection detail={detail.data} assignmentAction={slots.assignmentAction} />
          <ClassMatrixSection classId={classId} />
          {slots.sections?.(detail.data)}
        </>
      )}
    </div>
  );
}
