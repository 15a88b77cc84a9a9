// The 평가 기준 section of the library page: every rubric by group (templates, mine, the organisation's)
// with its categories; templates are copied to be edited, my own and (for editors) the organisation's
// are edited in place or deleted after a confirmation.
import { useState } from "react";
import type { LibraryRubric } from "@shared/library.ts";
import { rubricTotal } from "@shared/session-setup.ts";
import { groupRubrics } from "@/components/library/rubric-picker";
import { LIBRARY_TEXT } from "@/components/library/messages";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/api-client";
import { useCreateRubric, useDeleteRubric } from "@/lib/library";
import { notify } from "@/lib/notify";
import { RubricForm } from "@/features/library/components/rubric-form";
import { LIBRARY_PAGE_TEXT as T } from "@/features/library/messages";

function RubricItem({ rubric, onEdit, onDelete }: { rubric: LibraryRubric; onEdit: () => void; onDelete: () => void }) {
  const create = useCreateRubric();
  const copy = () =>
    create.mutate(
      { name: T.copyName(rubric.name), description: rubric.description, criteria: rubric.criteria },
      {
        onSuccess: () => notify({ title: T.rubricsTitle, description: T.copied }),
        onError: (e) => notify({ title: T.actionFailed, description: errorMessage(e, T.actionFailed), variant: "destructive" }),
      },
    );
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{rubric.name}</span>
          <span className="text-xs text-base-content/75 tabular-nums">
            {LIBRARY_TEXT.meta(rubric.criteria.length, rubricTotal(rubric.criteria))}
          </span>
          {rubric.shared && <Badge size="sm">{T.sharedBadge}</Badge>}
        </p>
        {rubric.description && <p className="text-sm text-base-content/75">{rubric.description}</p>}
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {rubric.criteria.map((c) => (
            <li key={c.name} title={c.description}>
              {c.name} <span className="text-base-content/75 tabular-nums">{c.maxScore}점</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex shrink-0 gap-1">
        <Button variant="ghost" size="sm" aria-label={T.copyLabel(rubric.name)} onClick={copy} loading={create.isPending}>
          {T.copy}
        </Button>
        {rubric.canEdit && (
          <>
            <Button variant="ghost" size="sm" aria-label={T.editLabel(rubric.name)} onClick={onEdit}>
              {T.edit}
            </Button>
            <Button variant="ghost" size="sm" className="text-error" aria-label={T.removeLabel(rubric.name)} onClick={onDelete}>
              {T.remove}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

export function RubricLibrary({ rubrics }: { rubrics: LibraryRubric[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<LibraryRubric | null>(null);
  const remove = useDeleteRubric();
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: (res) => {
        notify({ title: T.rubricsTitle, description: res.message });
        setDeleting(null);
      },
      onError: (e) => {
        notify({ title: T.actionFailed, description: errorMessage(e, T.actionFailed), variant: "destructive" });
        setDeleting(null);
      },
    });

  return (
    <div className="space-y-6" data-testid="rubric-library">
      {groupRubrics(rubrics).map(([group, list]) => (
        <section key={group} aria-labelledby={`library-${group}`} className="space-y-2">
          <h3 id={`library-${group}`} className="text-base font-semibold">
            {LIBRARY_TEXT.groups[group]}
          </h3>
          <ul className="divide-y divide-base-300 border-y border-base-300">
            {list.map((r) => (
              <li key={r.id} className="py-3">
                {editing === r.id ? (
                  <RubricForm rubric={r} onDone={() => setEditing(null)} />
                ) : (
                  <RubricItem rubric={r} onEdit={() => setEditing(r.id)} onDelete={() => setDeleting(r)} />
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? T.removeTitle(deleting.name) : ""}
        description={T.removeRubricBody}
        confirmLabel={T.remove}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
