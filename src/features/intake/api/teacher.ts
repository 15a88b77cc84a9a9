// The teacher's intake calls: an assignment's submission link (read, make, change, close) and a class's
// student codes (each new code is answered once).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedIntakeLink, IntakeLink, IntakeRelease, IssuedStudentCode } from "@shared/intake.ts";
import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import { usageKeys } from "@/lib/usage";

export const intakeLinkKeys = {
  one: (sessionId: string) => ["intake-link", sessionId] as const,
};

const path = (sessionId: string) => `/sessions/${encodeURIComponent(sessionId)}/intake`;

export function useIntakeLink(sessionId: string, enabled = true) {
  return useQuery({
    queryKey: intakeLinkKeys.one(sessionId),
    queryFn: () => api.get<{ link: IntakeLink | null }>(path(sessionId)),
    enabled,
  });
}

export interface IntakeLinkInput {
  deadline: string;
  maxDrafts: number;
  release: IntakeRelease;
}

export function useSaveIntakeLink(sessionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, create }: { input: IntakeLinkInput; create: boolean }) =>
      create ? api.post<CreatedIntakeLink>(path(sessionId), input) : api.patch<IntakeLink>(path(sessionId), input),
    onSuccess: () => qc.invalidateQueries({ queryKey: intakeLinkKeys.one(sessionId) }),
  });
}

export function useCloseIntakeLink(sessionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<IntakeLink>(path(sessionId)),
    onSuccess: () => qc.invalidateQueries({ queryKey: intakeLinkKeys.one(sessionId) }),
  });
}

export function useIssueStudentCodes(classId: string) {
  return useMutation({
    mutationFn: (body: { studentIds?: string[]; reissue?: boolean } = {}) =>
      api.post<{ codes: IssuedStudentCode[] }>(`/classes/${encodeURIComponent(classId)}/student-codes`, body),
  });
}

export interface TeacherDraft {
  id: string;
  draftNumber: number;
  submittedAt: string;
  status: string;
  hidden: boolean;
  reviewed: boolean;
  overallScore: number | null;
  maxScore: number | null;
  text: string;
}

export interface StudentDrafts {
  drafts: TeacherDraft[];
  comparisons: (import("@shared/draft-changes.ts").DraftComparison & { from: number; to: number })[];
}

const studentDraftsKey = (studentId: string, sessionId: string | null) => ["student-drafts", studentId, sessionId] as const;

export function useStudentDrafts(studentId: string, sessionId: string | null) {
  return useQuery({
    queryKey: studentDraftsKey(studentId, sessionId),
    queryFn: () =>
      api.get<StudentDrafts>(`/students/${encodeURIComponent(studentId)}/drafts?sessionId=${encodeURIComponent(sessionId ?? "")}`),
    enabled: !!sessionId,
  });
}

export function useClassDraftsSummary(classId: string) {
  return useQuery({
    queryKey: ["class-drafts-summary", classId] as const,
    queryFn: () => api.get<import("@shared/intake.ts").ClassDraftsSummary>(`/classes/${encodeURIComponent(classId)}/drafts-summary`),
  });
}

/** Hides a draft from its student, or shows it again (the teacher's view keeps it). */
export function useHideDraft(studentId: string, sessionId: string) {
  return useInvalidatingMutation(
    ({ submissionId, hidden }: { submissionId: string; hidden: boolean }) =>
      api.patch<{ id: string; hidden: boolean }>(`${path(sessionId)}/drafts/${encodeURIComponent(submissionId)}`, { hidden }),
    () => [studentDraftsKey(studentId, sessionId)],
  );
}

/** Grades a draft again (one use); its previous result stays readable meanwhile. */
export function useRegradeDraft(studentId: string, sessionId: string) {
  return useInvalidatingMutation(
    (submissionId: string) => api.post<{ message: string }>(`/submissions/${encodeURIComponent(submissionId)}/regrade`),
    () => [studentDraftsKey(studentId, sessionId), usageKeys.all],
  );
}
