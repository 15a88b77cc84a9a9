import { useEffect, useState } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { BookOpen, Plus, Save, Trash2 } from "lucide-react";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FieldError } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { LIBRARY_TEXT } from "@/components/library/messages";
import { RubricPicker } from "@/components/library/rubric-picker";
import { SaveRubricDialog } from "@/components/library/save-rubric-dialog";
import { Toolbar } from "@/components/ui/section";
import type { AnalysisSession } from "@shared/types.ts";
import type { RubricCategory } from "@shared/grading.ts";
import { RUBRIC_LIMITS, rubricSchema } from "@shared/session-setup.ts";
import { useUpdateSession } from "@/features/sessions/api/update-session";
import { SESSION_MESSAGES } from "@/features/sessions/messages";

const M = SESSION_MESSAGES.setupCheck;
const formSchema = z.object({ categories: rubricSchema });
type RubricForm = z.input<typeof formSchema>;

const toForm = (rubric: RubricCategory[] | undefined): RubricForm => ({
  categories: (rubric ?? []).map((c) => ({ name: c.name, maxScore: c.maxScore, ...(c.description ? { description: c.description } : {}) })),
});

/**
 * The rubric the grader will use (the session's edited one, else the one read from its criteria):
 * rename, re-weight, add and remove categories, then save it on the session (PATCH /sessions/:id,
 * the same zod schema as the server). Saving is refused by the server while answers are graded.
 */
export function RubricEditor({ session }: { session: AnalysisSession }) {
  const update = useUpdateSession();
  const form = useForm<RubricForm>({ resolver: zodResolver(formSchema), defaultValues: toForm(session.rubric) });
  const { fields, append, remove, replace } = useFieldArray({ control: form.control, name: "categories" });
  const [picking, setPicking] = useState(false);
  const [savingToLibrary, setSavingToLibrary] = useState(false);
  const watched = useWatch({ control: form.control, name: "categories" });
  const total = (watched ?? []).reduce((sum, c) => sum + (Number.isFinite(Number(c?.maxScore)) ? Number(c.maxScore) : 0), 0);
  const errors = form.formState.errors.categories;
  const listError = errors?.root?.message ?? errors?.message;

  const rubricKey = JSON.stringify(session.rubric ?? []);
  useEffect(() => {
    form.reset(toForm(JSON.parse(rubricKey) as RubricCategory[]));
  }, [rubricKey, form]);

  const send = (rubric: RubricForm["categories"] | null, done: string) =>
    update.mutate(
      { sessionId: session.id, body: { rubric } },
      {
        onSuccess: () => notify({ title: M.rubricHeading, description: done }),
        onError: (error) => notify({ title: M.saveFailTitle, description: errorMessage(error, M.saveFailTitle), variant: "destructive" }),
      },
    );

  return (
    <>
      <form
        className="space-y-3"
        aria-labelledby="rubric-heading"
        noValidate
        onSubmit={form.handleSubmit((values) => send(values.categories, M.saved))}
        data-testid="rubric-editor"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="rubric-heading" className="font-semibold">
            {M.rubricHeading}
          </h3>
          <Badge size="sm" variant={session.rubricEdited ? "primary" : "ghost"}>
            {session.rubricEdited ? M.rubricEdited : M.rubricParsed}
          </Badge>
          <span className="ml-auto text-sm font-semibold tabular-nums" data-testid="rubric-total" aria-live="polite">
            {M.total(total)}
          </span>
        </div>
        {/* the library: a saved rubric or a template fills the rows below (saved on the session with 저장) */}
        <Toolbar>
          <Button type="button" size="sm" variant="outline" aria-expanded={picking} onClick={() => setPicking((p) => !p)}>
            <BookOpen className="size-4" aria-hidden="true" />
            {picking ? LIBRARY_TEXT.loadClose : LIBRARY_TEXT.load}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setSavingToLibrary(true)}>
            <Save className="size-4" aria-hidden="true" />
            {LIBRARY_TEXT.saveCurrent}
          </Button>
        </Toolbar>
        {picking && (
          <RubricPicker
            onPick={(rubric) => {
              replace(toForm(rubric.criteria).categories);
              setPicking(false);
              notify({ title: M.rubricHeading, description: LIBRARY_TEXT.loaded(rubric.name) });
            }}
          />
        )}
        <ol className="space-y-2">
          {fields.map((field, i) => {
            const nameError = errors?.[i]?.name?.message;
            const pointsError = errors?.[i]?.maxScore?.message;
            const nameId = `rubric-name-${i}`;
            const pointsId = `rubric-points-${i}`;
            return (
              <li key={field.id} className="rounded-box border border-base-300 p-2" data-testid="rubric-row">
                <div className="flex items-start gap-2">
                  <div className="min-w-0 flex-1">
                    <label htmlFor={nameId} className="sr-only">
                      {M.categoryName(i + 1)}
                    </label>
                    <Input
                      id={nameId}
                      maxLength={RUBRIC_LIMITS.nameChars}
                      invalid={!!nameError}
                      aria-describedby={nameError ? `${nameId}-error` : undefined}
                      {...form.register(`categories.${i}.name`)}
                    />
                  </div>
                  <div className="w-28 shrink-0">
                    <label htmlFor={pointsId} className="sr-only">
                      {M.categoryPoints(i + 1)}
                    </label>
                    <div className="flex items-center gap-1">
                      <Input
                        id={pointsId}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={RUBRIC_LIMITS.maxPoints}
                        step={1}
                        invalid={!!pointsError}
                        aria-describedby={pointsError ? `${pointsId}-error` : undefined}
                        {...form.register(`categories.${i}.maxScore`, { valueAsNumber: true })}
                      />
                      <span aria-hidden="true">점</span>
                    </div>
                  </div>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    className="shrink-0 text-base-content/70 hover:text-error"
                    aria-label={M.removeCategory(watched?.[i]?.name ?? "")}
                    onClick={() => remove(i)}
                    disabled={fields.length <= RUBRIC_LIMITS.minCategories}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </div>
                <FieldError id={`${nameId}-error`} message={nameError} />
                <FieldError id={`${pointsId}-error`} message={pointsError} />
              </li>
            );
          })}
        </ol>
        <FieldError message={listError} />
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => append({ name: "", maxScore: 10 })}
            disabled={fields.length >= RUBRIC_LIMITS.maxCategories}
          >
            <Plus className="size-4" aria-hidden="true" />
            {M.addCategory}
          </Button>
          {session.rubricEdited && (
            <Button type="button" size="sm" variant="ghost" onClick={() => send(null, M.resetDone)} disabled={update.isPending}>
              {M.reset}
            </Button>
          )}
          <Button type="submit" size="sm" variant="outline" className="ml-auto" loading={update.isPending}>
            {M.save}
          </Button>
        </div>
      </form>
      <SaveRubricDialog
        open={savingToLibrary}
        onOpenChange={setSavingToLibrary}
        criteria={watched ?? []}
        defaultName={(session.title ?? "").slice(0, 50)}
      />
    </>
  );
}
