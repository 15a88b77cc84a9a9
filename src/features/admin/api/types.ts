import type { UsageCounter, User } from "@shared/types.ts";

/** GET /admin/users item: the user JSON plus usage (as /usage/status) and this month's graded essays. */
export interface AdminUser extends User {
  usage: UsageCounter;
  essaysThisMonth: number;
}

/** Which accounts the member list shows (GET /admin/users `kind`). */
export type UserKind = "member" | "guest" | "all";

export interface UserListParams {
  kind: UserKind;
  /** Part of a username, email or display name; "" for every account of the kind. */
  q: string;
  page: number;
}

/** GET /admin/users: one page of the accounts the filter and search match, and the service's counts. */
export interface AdminUserList {
  users: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
  counts: { members: number; guests: number; paid: number };
}
