export type { AdminUser, AdminUserList } from "@shared/types.ts";

/** Which accounts the member list shows (GET /admin/users `kind`). */
export type UserKind = "member" | "guest" | "all";

export interface UserListParams {
  kind: UserKind;
  /** Part of a username, email or display name; "" for every account of the kind. */
  q: string;
  page: number;
}
