import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";
import type { AdminUserList, UserListParams } from "@/features/admin/api/types";

export function getUsers({ kind, q, page }: UserListParams): Promise<AdminUserList> {
  const query = new URLSearchParams({ kind, page: String(page) });
  if (q) query.set("q", q);
  return api.get<AdminUserList>(`/admin/users?${query}`);
}

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({ queryKey: adminKeys.userList(params), queryFn: () => getUsers(params), placeholderData: keepPreviousData });

/** Enabled only for admins (docs/product.md#roles-and-plans). */
export function useAdminUsers(params: UserListParams, { enabled }: { enabled: boolean }) {
  return useQuery({ ...usersQueryOptions(params), enabled });
}
