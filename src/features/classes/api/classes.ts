// Writes of the classes pages: classes, their students, roster imports (see /api/classes*, /api/students*).
import { api } from "@/lib/api-client";
import { classKeys } from "@/lib/classes";
import { useInvalidatingMutation } from "@/lib/mutation";
import type { ClassDetail, RosterImportResult, RosterStudent, StudentAnswersChoice } from "@shared/types.ts";
import type { ClassInputBody, StudentInputBody } from "@shared/classes.ts";

const id = (v: string) => encodeURIComponent(v);
const classAndList = (classId: string) => [classKeys.detail(classId), classKeys.lists()];

export function useCreateClass() {
  return useInvalidatingMutation(
    (body: ClassInputBody) => api.post<ClassDetail>("/classes", body),
    () => [classKeys.lists()],
  );
}

export function useUpdateClass(classId: string) {
  return useInvalidatingMutation(
    (body: Partial<ClassInputBody>) => api.patch<ClassDetail>(`/classes/${id(classId)}`, body),
    () => classAndList(classId),
  );
}

export function useDeleteClass(classId: string) {
  return useInvalidatingMutation(
    () => api.delete<{ message: string }>(`/classes/${id(classId)}`),
    () => [classKeys.lists()],
  );
}

export function useAddStudent(classId: string) {
  return useInvalidatingMutation(
    (body: StudentInputBody) => api.post<RosterStudent & { message: string }>(`/classes/${id(classId)}/students`, body),
    () => classAndList(classId),
  );
}

export function useImportRoster(classId: string) {
  return useInvalidatingMutation(
    (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api.post<RosterImportResult>(`/classes/${id(classId)}/students/import`, form);
    },
    () => classAndList(classId),
  );
}

export function useRemoveFromClass(classId: string) {
  return useInvalidatingMutation(
    (studentId: string) => api.delete<{ message: string }>(`/classes/${id(classId)}/students/${id(studentId)}`),
    () => classAndList(classId),
  );
}

/** Deletes the student everywhere; their answers are kept anonymised or deleted. */
export function useDeleteStudent() {
  return useInvalidatingMutation(
    ({ studentId, answers }: { studentId: string; answers: StudentAnswersChoice }) =>
      api.delete<{ message: string; deletedAnswers: number }>(`/students/${id(studentId)}?answers=${answers}`),
    () => [classKeys.all],
  );
}
