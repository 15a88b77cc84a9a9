import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { StudentHistory } from "@shared/growth.ts";

export const studentKeys = {
  all: ["students"] as const,
  history: (id: string) => [...studentKeys.all, id, "history"] as const,
};

/** GET /students/{id}: the student, every assignment's result, the trends and frequent marks. */
export function getStudentHistory(id: string) {
  return api.get<StudentHistory>(`/students/${encodeURIComponent(id)}`);
}

export const studentHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: studentKeys.history(id), queryFn: () => getStudentHistory(id) });

export function useStudentHistory(id: string) {
  return useQuery(studentHistoryQueryOptions(id));
}
