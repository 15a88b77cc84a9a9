// The active space for the features of the organisation's work: `useActiveOrg()` answers
// `{ orgId, org, isLoading, switchTo }` (orgId null: the personal space). Query keys of data that depends
// on the space include `orgId`; a switch reads every query again (lib/orgs.ts).
export { useActiveSpace as useActiveOrg } from "@/lib/orgs";
export { readActiveOrgId } from "@/lib/active-org";
