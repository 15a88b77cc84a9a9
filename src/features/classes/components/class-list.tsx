import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { EmptyState, Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useClasses } from "@/lib/classes";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import { classInputSchema } from "@shared/classes.ts";
import { useCreateClass } from "@/features/classes/api/classes";
import { ClassFormFields, classFormErrors, emptyClassForm, type ClassFormValues } from "@/features/classes/components/class-form-fields";
import { CLASSES_TEXT as T } from "@/features/classes/messages";

/** /classes: the teacher's classes and the form that makes a new one. */
export function ClassList() {
  const classes = useClasses();
  const create = useCreateClass();
  const [values, setValues] = useState<ClassFormValues>(emptyClassForm);
  const [errors, setErrors] = useState<Partial<Record<keyof ClassFormValues, string>>>({});

  const submit = () => {
    const parsed = classInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(classFormErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: T.createTitle, description: T.created });
        setValues(emptyClassForm);
      },
      onError: (e) => notifyFailure(T.createFail, errorMessage(e, T.createFail)),
    });
  };

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8" data-testid="class-list-page">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{T.pageTitle}</h1>
        <p className="text-sm text-base-content/75">{T.pageDescription}</p>
      </header>
      <Section title={T.createTitle}>
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <ClassFormFields idPrefix="new-class" values={values} errors={errors} onChange={setValues} />
          <div className="flex justify-end">
            <Button type="submit" loading={create.isPending}>
              {T.createButton}
            </Button>
          </div>
        </form>
      </Section>
      <Section title={T.listTitle}>
        {classes.isLoading ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : classes.isError ? (
          <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between gap-2">
            <span>{T.loadFail}</span>
            <Button size="sm" variant="outline" onClick={() => void classes.refetch()}>
              {T.retry}
            </Button>
          </div>
        ) : !classes.data?.length ? (
          <EmptyState title={T.empty}>{T.emptyHint}</EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2" aria-label={T.listTitle}>
            {classes.data.map((c) => (
              <li key={c.id}>
                <Card data-testid="class-card">
                  <CardBody className="gap-1">
                    <h3 className="text-base font-semibold">
                      <Link to={paths.classDetail.getHref(c.id)} className="link link-primary link-hover">
                        {c.name}
                      </Link>
                    </h3>
                    {[c.grade, c.subject, c.term].some(Boolean) && (
                      <p className="text-sm text-base-content/75">{[c.grade, c.subject, c.term].filter(Boolean).join(" · ")}</p>
                    )}
                    <p className="text-sm text-base-content/75 tabular-nums">{T.counts(c.studentCount, c.sessionCount)}</p>
                  </CardBody>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
