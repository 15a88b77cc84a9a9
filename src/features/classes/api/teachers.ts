// A class's teachers (담당 교사) in an organisation: GET / PUT /api/classes/:id/teachers.
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { classKeys } from "@/lib/classes";
import { useInvalidatingMutation } from "@/lib/mutation";
import type { ClassTeachers } from "@shared/types.ts";

const teachersKey = (classId: string) => [...classKeys.detail(classId), "teachers"] as const;

export function useClassTeachers(classId: string) {
  return useQuery({
    queryKey: teachersKey(classId),
    queryFn: () => api.get<ClassTeachers>(`/classes/${encodeURIComponent(classId)}/teachers`),
  });
}

export function useSaveClassTeachers(classId: string) {
  return useInvalidatingMutation(
    (userIds: string[]) => api.put<ClassTeachers & { message: string }>(`/classes/${encodeURIComponent(classId)}/teachers`, { userIds }),
    () => [teachersKey(classId)],
  );
}
