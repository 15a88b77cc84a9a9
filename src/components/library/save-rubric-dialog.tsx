// 이 기준 저장: a short form (name, description, shared with the active organisation) that saves the given
// criteria to the library (POST /api/rubrics), checked with the API's own schema first.
import { useId, useState } from "react";
import type { RubricCategory } from "@shared/grading.ts";
import { LIBRARY_LIMITS, rubricInputSchema } from "@shared/library.ts";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { TextField } from "@/components/ui/text-field";
import { FieldError, Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-client";
import { activeOrgId, useCreateRubric } from "@/lib/library";
import { notify } from "@/lib/notify";
import { LIBRARY_TEXT as T } from "@/components/library/messages";

export function SaveRubricDialog({
  open,
  onOpenChange,
  criteria,
  defaultName = "",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  criteria: readonly Partial<RubricCategory>[];
  defaultName?: string;
}) {
  const id = useId();
  const [name, setName] = useState(defaultName);
  const [description, setDescription] = useState("");
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<{ field: "name" | "description" | "form"; message: string } | null>(null);
  const create = useCreateRubric();
  const inOrg = Boolean(activeOrgId());

  const submit = () => {
    const parsed = rubricInputSchema.safeParse({ name, description, criteria, shared: inOrg && shared });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === "name" ? "name" : issue?.path[0] === "description" ? "description" : "form";
      setError({ field, message: field === "form" ? T.invalidCriteria : (issue?.message ?? T.saveFailed) });
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (res) => {
        notify({ title: T.saveTitle, description: res.message });
        onOpenChange(false);
      },
      onError: (e) => setError({ field: "form", message: errorMessage(e, T.saveFailed) }),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={T.saveTitle}
      description={T.saveDescription}
      footer={
        <>
          <Button variant="outline" size="sm" onClick={() => onOpenChange(false)} disabled={create.isPending}>
            {T.cancel}
          </Button>
          <Button variant="primary" size="sm" type="submit" form={`${id}-form`} loading={create.isPending}>
            {T.save}
          </Button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          id={`${id}-name`}
          label={T.nameLabel}
          value={name}
          maxLength={LIBRARY_LIMITS.nameChars}
          error={error?.field === "name" ? error.message : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <div>
          <Label htmlFor={`${id}-description`}>{T.descriptionLabel}</Label>
          <Textarea
            id={`${id}-description`}
            rows={2}
            value={description}
            maxLength={LIBRARY_LIMITS.descriptionChars}
            invalid={error?.field === "description"}
            onChange={(e) => setDescription(e.target.value)}
          />
          <FieldError message={error?.field === "description" ? error.message : undefined} />
        </div>
        {inOrg && <Switch checked={shared} onCheckedChange={setShared} label={T.shareLabel} />}
        {error?.field === "form" && (
          <p role="alert" className="text-sm text-error">
            {error.message}
          </p>
        )}
      </form>
    </Dialog>
  );
}
