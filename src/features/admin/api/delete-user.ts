import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import { adminKeys } from "@/features/admin/api/keys";

export function deleteUser(id: string): Promise<unknown> {
  return api.delete(`/admin/users/${encodeURIComponent(id)}`);
}

export function useDeleteUser() {
  return useInvalidatingMutation(deleteUser, () => [adminKeys.users()]);
}
