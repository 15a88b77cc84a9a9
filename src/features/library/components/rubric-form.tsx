// Editing a saved rubric on the 평가 기준 보관함 page: its name, description and criteria (name, points,
// description of each category), checked with the API's schema before PATCH /api/rubrics/:id.
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import type { RubricCategory } from "@shared/grading.ts";
import { LIBRARY_LIMITS, rubricPatchSchema, type LibraryRubric } from "@shared/library.ts";
import { RUBRIC_LIMITS } from "@shared/session-setup.ts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-client";
import { useUpdateRubric } from "@/lib/library";
import { notify } from "@/lib/notify";
import { LIBRARY_PAGE_TEXT as T } from "@/features/library/messages";

type Row = { name: string; maxScore: number; description: string };
const toRows = (criteria: RubricCategory[]): Row[] =>
  criteria.map((c) => ({ name: c.name, maxScore: c.maxScore, description: c.description ?? "" }));

export function RubricForm({ rubric, onDone }: { rubric: LibraryRubric; onDone: () => void }) {
  const [name, setName] = useState(rubric.name);
  const [description, setDescription] = useState(rubric.description);
  const [rows, setRows] = useState<Row[]>(() => toRows(rubric.criteria));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateRubric();
  const total = rows.reduce((sum, r) => sum + (Number.isFinite(r.maxScore) ? r.maxScore : 0), 0);
  const setRow = (i: number, patch: Partial<Row>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const id = `rubric-${rubric.id}`;

  const submit = () => {
    const parsed = rubricPatchSchema.safeParse({ name, description, criteria: rows });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? T.actionFailed);
    setError(null);
    update.mutate(
      { id: rubric.id, body: parsed.data },
      {
        onSuccess: (res) => {
          notify({ title: T.rubricsTitle, description: res.message });
          onDone();
        },
        onError: (e) => setError(errorMessage(e, T.actionFailed)),
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-4"
      aria-label={T.formTitle(rubric.name)}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="rubric-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-name`}>{T.name}</Label>
          <Input id={`${id}-name`} value={name} maxLength={LIBRARY_LIMITS.nameChars} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <Label htmlFor={`${id}-description`}>{T.description}</Label>
          <Input
            id={`${id}-description`}
            value={description}
            maxLength={LIBRARY_LIMITS.descriptionChars}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
      </div>
      <ol className="flex flex-col gap-3">
        {rows.map((r, i) => (
          <li key={i} className="flex flex-col gap-2 border-l-2 border-base-300 pl-3 sm:flex-row sm:items-start">
            <Input
              aria-label={T.categoryName(i + 1)}
              className="sm:w-48"
              value={r.name}
              maxLength={RUBRIC_LIMITS.nameChars}
              onChange={(e) => setRow(i, { name: e.target.value })}
            />
            <span className="flex shrink-0 items-center gap-2">
              <span className="block w-20">
                <Input
                  aria-label={T.categoryPoints(i + 1)}
                  type="number"
                  inputMode="numeric"
                  className="text-right tabular-nums"
                  min={1}
                  max={RUBRIC_LIMITS.maxPoints}
                  value={Number.isFinite(r.maxScore) ? r.maxScore : ""}
                  onChange={(e) => setRow(i, { maxScore: e.target.value === "" ? Number.NaN : Number(e.target.value) })}
                />
              </span>
              <span className="text-sm">점</span>
            </span>
            <Input
              aria-label={T.categoryDescription(i + 1)}
              className="min-w-0 flex-1"
              value={r.description}
              maxLength={RUBRIC_LIMITS.descriptionChars}
              onChange={(e) => setRow(i, { description: e.target.value })}
            />
            <Button
              variant="ghost"
              size="sm"
              className="self-end sm:self-auto"
              aria-label={T.removeCategory(i + 1)}
              disabled={rows.length <= RUBRIC_LIMITS.minCategories}
              onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={rows.length >= RUBRIC_LIMITS.maxCategories}
          onClick={() => setRows((all) => [...all, { name: "", maxScore: 10, description: "" }])}
        >
          <Plus className="size-4" aria-hidden="true" />
          {T.addCategory}
        </Button>
        <span className="text-sm font-semibold tabular-nums">{T.total(total)}</span>
        <span className="ml-auto flex gap-2">
          <Button variant="outline" size="sm" onClick={onDone} disabled={update.isPending}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="primary" size="sm" loading={update.isPending}>
            {T.save}
          </Button>
        </span>
      </div>
    </form>
  );
}
