import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";
import type { AdminUser } from "@/features/admin/api/types";

export function getUsers(): Promise<AdminUser[]> {
  return api.get<AdminUser[]>("/admin/users");
}

export const usersQueryOptions = () => queryOptions({ queryKey: adminKeys.users(), queryFn: getUsers });

/** Enabled only for admins (docs/product.md#roles-and-plans). */
export function useAdminUsers({ enabled }: { enabled: boolean }) {
  return useQuery({ ...usersQueryOptions(), enabled });
}
