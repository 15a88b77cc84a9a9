import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Section } from "@/components/ui/section";
import { Select } from "@/components/ui/select";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import { ORG_LIMITS, ORG_MESSAGES, ORG_ROLE_LABELS, type OrgDetail, type OrgMember, type OrgRole } from "@shared/orgs.ts";
import { useRemoveMember, useUpdateMember } from "@/features/orgs/api";
import { ORGS_TEXT as T } from "@/features/orgs/messages";

const ROLE_OPTIONS = (["owner", "manager", "teacher"] as const).map((r) => ({ value: r, label: ORG_ROLE_LABELS[r] }));

function CapCell({ org, member, editable }: { org: OrgDetail; member: OrgMember; editable: boolean }) {
  const update = useUpdateMember(org.id);
  const [value, setValue] = useState(member.monthlyCap === null ? "" : String(member.monthlyCap));
  if (!editable) {
    return (
      <span className="text-sm tabular-nums">
        <span className="text-base-content/75">{T.colCap}</span>{" "}
        {member.monthlyCap === null ? T.capNone : `${member.monthlyCap}${T.capUnit}`}
      </span>
    );
  }
  const save = () => {
    const trimmed = value.trim();
    const cap = trimmed === "" ? null : Number(trimmed);
    if (cap !== null && (!Number.isInteger(cap) || cap < 0 || cap > ORG_LIMITS.capMax)) {
      notifyFailure(T.changeFail, ORG_MESSAGES.capInvalid);
      return;
    }
    update.mutate(
      { userId: member.userId, monthlyCap: cap },
      {
        onSuccess: (r) => notify({ title: T.colCap, description: r.message }),
        onError: (e) => notifyFailure(T.changeFail, errorMessage(e, T.changeFail)),
      },
    );
  };
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <span className="whitespace-nowrap text-sm text-base-content/75" aria-hidden="true">
        {T.colCap}
      </span>
      <span className="block w-20">
        <Input
          className="input-sm text-right tabular-nums"
          inputMode="numeric"
          aria-label={T.capLabel(member.name)}
          placeholder={T.capNone}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </span>
      <span className="text-sm" aria-hidden="true">
        {T.capUnit}
      </span>
      <Button type="submit" variant="ghost" size="sm" loading={update.isPending}>
        {T.capSave}
      </Button>
    </form>
  );
}

/** The organisation's members (a list: it wraps on a phone): role (the owner changes it), monthly cap (owner and managers), remove or leave. */
export function MembersTable({ org, meId, onLeft }: { org: OrgDetail; meId: string; onLeft: () => void }) {
  const update = useUpdateMember(org.id);
  const remove = useRemoveMember(org.id);
  const [removing, setRemoving] = useState<OrgMember | null>(null);
  const [transferTo, setTransferTo] = useState<OrgMember | null>(null);

  const canCap = (m: OrgMember) => org.role === "owner" || (org.role === "manager" && (m.role === "teacher" || m.userId === meId));
  const canRemove = (m: OrgMember) =>
    m.role !== "owner" && (m.userId === meId || org.role === "owner" || (org.role === "manager" && m.role === "teacher"));

  const changeRole = (m: OrgMember, role: OrgRole) => {
    if (role === "owner") return setTransferTo(m);
    update.mutate(
      { userId: m.userId, role },
      {
        onSuccess: (r) => notify({ title: T.colRole, description: r.message }),
        onError: (e) => notifyFailure(T.changeFail, errorMessage(e, T.changeFail)),
      },
    );
  };

  const confirmTransfer = () => {
    if (!transferTo) return;
    update.mutate(
      { userId: transferTo.userId, role: "owner" },
      {
        onSuccess: (r) => {
          notify({ title: T.transferConfirm, description: r.message });
          setTransferTo(null);
        },
        onError: (e) => notifyFailure(T.changeFail, errorMessage(e, T.changeFail)),
      },
    );
  };

  const confirmRemove = () => {
    if (!removing) return;
    const self = removing.userId === meId;
    remove.mutate(removing.userId, {
      onSuccess: (r) => {
        notify({ title: self ? T.leave : T.remove, description: r.message });
        setRemoving(null);
        if (self) onLeft();
      },
      onError: (e) => notifyFailure(T.removeFail, errorMessage(e, T.removeFail)),
    });
  };

  return (
    <Section title={T.membersTitle} description={org.role !== "teacher" ? T.capHint : undefined}>
      <ul className="divide-y divide-base-300" aria-label={T.membersTitle} data-testid="org-members">
        {org.members.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3" data-testid="org-member-row">
            <div className="min-w-0">
              <div className="font-medium">{m.name}</div>
              {m.email && <div className="truncate text-sm text-base-content/75">{m.email}</div>}
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {org.role === "owner" && m.role !== "owner" ? (
                <span className="block w-28">
                  <Select
                    className="select-sm"
                    aria-label={T.roleLabel(m.name)}
                    value={m.role}
                    options={ROLE_OPTIONS}
                    disabled={update.isPending}
                    onChange={(e) => changeRole(m, e.target.value as OrgRole)}
                  />
                </span>
              ) : (
                <span className="block w-28 text-sm">{ORG_ROLE_LABELS[m.role]}</span>
              )}
              <CapCell key={`${m.userId}:${m.monthlyCap}`} org={org} member={m} editable={canCap(m)} />
              <div className="w-20 text-right">
                {canRemove(m) && (
                  <Button variant="ghost" size="sm" onClick={() => setRemoving(m)}>
                    {m.userId === meId ? T.leave : T.remove}
                  </Button>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={removing?.userId === meId ? T.leaveTitle : T.removeTitle(removing?.name ?? "")}
        description={removing?.userId === meId ? T.leaveDescription : T.removeDescription}
        confirmLabel={removing?.userId === meId ? T.leave : T.remove}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
      />
      <ConfirmDialog
        open={transferTo !== null}
        title={T.transferTitle(transferTo?.name ?? "")}
        description={T.transferDescription}
        confirmLabel={T.transferConfirm}
        busy={update.isPending}
        onCancel={() => setTransferTo(null)}
        onConfirm={confirmTransfer}
      />
    </Section>
  );
}
