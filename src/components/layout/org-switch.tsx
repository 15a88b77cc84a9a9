import { useActiveSpace } from "@/lib/orgs";

/**
 * The header's switch between the personal space and the teacher's organisation: a row under the bar,
 * shown only to a member of one. The choice is kept in localStorage (`activeOrgId`), sent as X-Org-Id,
 * and every query is read again.
 */
export function OrgSwitch() {
  const { org, orgId, switchTo } = useActiveSpace();
  if (!org) return null;
  return (
    <div className="border-t border-base-300">
      <div className="mx-auto flex h-11 max-w-7xl items-center justify-end gap-2 px-4 sm:px-6">
        <label htmlFor="org-switch" className="text-sm text-base-content/75">
          작업 공간
        </label>
        <select
          id="org-switch"
          className="select select-sm w-48"
          data-testid="org-switch"
          value={orgId ?? ""}
          onChange={(e) => switchTo(e.target.value || null)}
        >
          <option value="">개인 공간</option>
          <option value={org.id}>{org.name}</option>
        </select>
      </div>
    </div>
  );
}
