import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { Skeleton } from "@/components/ui/skeleton";
import { Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import { useActiveSpace } from "@/lib/orgs";
import { ORG_ROLE_LABELS, orgCreateSchema } from "@shared/orgs.ts";
import { useCreateOrg, useOrgDetail } from "@/features/orgs/api";
import { InviteSection } from "@/features/orgs/components/invite-section";
import { MembersTable } from "@/features/orgs/components/members-table";
import { ORGS_TEXT as T } from "@/features/orgs/messages";

function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between gap-2">
      <span>{T.loadFail}</span>
      <Button size="sm" variant="outline" onClick={retry}>
        {T.retry}
      </Button>
    </div>
  );
}

function CreateOrgForm({ onCreated }: { onCreated: (id: string) => void }) {
  const create = useCreateOrg();
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  const submit = () => {
    const parsed = orgCreateSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(parsed.data.name, {
      onSuccess: (org) => {
        notify({ title: T.createTitle, description: org.message });
        onCreated(org.id);
      },
      onError: (e) => notifyFailure(T.createFail, errorMessage(e, T.createFail)),
    });
  };
  return (
    <Section title={T.createTitle} description={T.createDescription}>
      <form
        className="flex flex-wrap items-end gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="w-full max-w-sm">
          <TextField
            id="org-name"
            label={T.nameLabel}
            placeholder={T.namePlaceholder}
            value={name}
            maxLength={50}
            error={error}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button type="submit" loading={create.isPending}>
          {T.createButton}
        </Button>
      </form>
    </Section>
  );
}

/** /org: the caller's organisation (members, invitations), or the form that makes one. */
export function OrgPage() {
  const { user } = useAuth();
  const space = useActiveSpace(user?.isGuest !== 1);
  const detail = useOrgDetail(space.org?.id);
  const isGuest = user?.isGuest === 1;

  let body;
  if (isGuest) body = <p className="text-sm text-base-content/75">{T.guestNote}</p>;
  else if (space.isLoading || (space.org && detail.isLoading)) body = <Skeleton className="h-40" />;
  else if (!space.org) body = <CreateOrgForm onCreated={(id) => space.switchTo(id)} />;
  else if (detail.isError || !detail.data) body = <LoadFailed retry={() => void detail.refetch()} />;
  else {
    const org = detail.data;
    body = (
      <>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/75 tabular-nums" data-testid="org-facts">
          <span>{T.seats(org.seats.used, org.seats.max)}</span>
          <span>{T.plan(org.plan.name)}</span>
          <span>{T.myRole(ORG_ROLE_LABELS[org.role])}</span>
          {org.role !== "teacher" && (
            <Link className="link link-primary" to={paths.orgDashboard.getHref()} data-testid="org-dashboard-link">
              기관 현황 보기
            </Link>
          )}
        </p>
        <MembersTable org={org} meId={user?.id ?? ""} onLeft={() => space.switchTo(null)} />
        {org.role !== "teacher" && <InviteSection org={org} />}
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8" data-testid="org-page">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{detail.data && space.org ? detail.data.name : T.pageTitle}</h1>
        <p className="text-sm text-base-content/75">{T.pageDescription}</p>
      </header>
      {body}
    </div>
  );
}
