import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Section } from "@/components/ui/section";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import { formatSeoulDateOr } from "@shared/format.ts";
import { inviteCreateSchema, ORG_ROLE_LABELS, type InviteRole, type OrgDetail } from "@shared/orgs.ts";
import { useInvite, useRevokeInvitation } from "@/features/orgs/api";
import { ORGS_TEXT as T } from "@/features/orgs/messages";

/** The invite form (email optional, role), the new link shown once with a copy button, and the pending invitations. */
export function InviteSection({ org }: { org: OrgDetail }) {
  const invite = useInvite(org.id);
  const revoke = useRevokeInvitation(org.id);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InviteRole>("teacher");
  const [error, setError] = useState<string>();
  const [link, setLink] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const roles: InviteRole[] = org.role === "owner" ? ["teacher", "manager"] : ["teacher"];

  const submit = () => {
    const parsed = inviteCreateSchema.safeParse({ email, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    invite.mutate(parsed.data, {
      onSuccess: (r) => {
        setLink(r.url);
        setEmail("");
        notify({ title: T.inviteTitle, description: r.message });
      },
      onError: (e) => notifyFailure(T.inviteFail, errorMessage(e, T.inviteFail)),
    });
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link ?? "");
      notify({ title: T.linkLabel, description: T.copied });
    } catch {
      notifyFailure(T.linkLabel, T.copyFail);
    }
  };

  return (
    <Section title={T.inviteTitle} description={T.inviteDescription}>
      <form
        className="flex flex-wrap items-end gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="w-full max-w-xs">
          <TextField
            id="invite-email"
            type="email"
            label={T.emailLabel}
            value={email}
            error={error}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="w-32">
          <Label htmlFor="invite-role">{T.inviteRoleLabel}</Label>
          <Select
            id="invite-role"
            value={role}
            options={roles.map((r) => ({ value: r, label: ORG_ROLE_LABELS[r] }))}
            onChange={(e) => setRole(e.target.value as InviteRole)}
          />
        </div>
        <Button type="submit" loading={invite.isPending}>
          {T.inviteButton}
        </Button>
      </form>
      {link && (
        <div className="space-y-2" data-testid="invite-link">
          <Label htmlFor="invite-link-value">{T.linkLabel}</Label>
          <div className="flex items-center gap-2">
            <div className="min-w-0 max-w-xl flex-1">
              <Input id="invite-link-value" readOnly value={link} className="font-mono text-sm" onFocus={(e) => e.target.select()} />
            </div>
            <Button variant="outline" size="sm" onClick={() => void copy()}>
              {T.copy}
            </Button>
          </div>
          <p className="text-sm text-base-content/75">{T.linkOnce}</p>
        </div>
      )}
      <div className="space-y-2 pt-2">
        <h3 className="text-base font-semibold">{T.pendingTitle}</h3>
        {!org.invitations?.length ? (
          <p className="text-sm text-base-content/75">{T.pendingEmpty}</p>
        ) : (
          <ul className="divide-y divide-base-300" data-testid="pending-invitations">
            {org.invitations.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {inv.email ?? T.linkOnly} · {ORG_ROLE_LABELS[inv.role]}
                  <span className="ml-2 text-base-content/75">{T.expires(formatSeoulDateOr(inv.expiresAt, "date", ""))}</span>
                </span>
                <Button variant="ghost" size="sm" onClick={() => setRevoking(inv.id)}>
                  {T.revoke}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title={T.revokeTitle}
        description={T.revokeDescription}
        confirmLabel={T.revoke}
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking, {
            onSuccess: (r) => {
              notify({ title: T.revoke, description: r.message });
              setRevoking(null);
            },
            onError: (e) => notifyFailure(T.revokeFail, errorMessage(e, T.revokeFail)),
          })
        }
      />
    </Section>
  );
}
