// The teacher's classes (반), read by the classes pages, the session setup's class select and the
// dashboard's student chooser: one query key family and one fetch per shape.
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { readActiveOrgId } from "@/lib/active-org";
import type { ClassDetail, ClassSummary } from "@shared/types.ts";

/** The active space (the organisation the API client names in X-Org-Id, or "personal"): the class list is the space's. */
const activeSpace = (): string => readActiveOrgId() ?? "personal";

export const classKeys = {
  all: ["classes"] as const,
  lists: () => [...classKeys.all, "list", activeSpace()] as const,
  detail: (id: string) => [...classKeys.all, "detail", id] as const,
};

export function getClasses() {
  return api.get<ClassSummary[]>("/classes");
}

export function getClass(id: string) {
  return api.get<ClassDetail>(`/classes/${encodeURIComponent(id)}`);
}

/** The caller's classes, newest first (signed in only). */
export function useClasses(enabled = true) {
  return useQuery({ queryKey: classKeys.lists(), queryFn: getClasses, enabled });
}

/** One class with its roster and assignments; nothing while `id` is null. */
export function useClassDetail(id: string | null | undefined) {
  return useQuery({ queryKey: classKeys.detail(id ?? ""), queryFn: () => getClass(id!), enabled: Boolean(id) });
}
