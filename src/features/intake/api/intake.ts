// The student's intake calls (public, no account): the assignment behind a link, the student's own drafts
// (the code in the X-Student-Code header, never the URL) and handing in a draft (the code in the form).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { IntakeRelease, StudentDraft } from "@shared/intake.ts";
import { api } from "@/lib/api-client";

export interface IntakeAssignment {
  title: string | null;
  className: string;
  question: string;
  deadline: string;
  maxDrafts: number;
  release: IntakeRelease;
}

export interface OwnDrafts {
  student: { name: string };
  maxDrafts: number;
  drafts: StudentDraft[];
}

export interface SubmittedDraft {
  id: string;
  draftNumber: number;
  message: string;
}

export const intakeKeys = {
  all: ["intake"] as const,
  link: (token: string) => [...intakeKeys.all, token] as const,
  drafts: (token: string, code: string) => [...intakeKeys.all, token, "drafts", code] as const,
};

const base = (token: string) => `/intake/${encodeURIComponent(token)}`;

export function useIntakeAssignment(token: string) {
  return useQuery({
    queryKey: intakeKeys.link(token),
    queryFn: () => api.get<IntakeAssignment>(base(token)),
    retry: false,
    staleTime: 60_000,
  });
}

/** The student's drafts; polled while one is being graded or waits for the teacher. */
export function useOwnDrafts(token: string, code: string | null) {
  return useQuery({
    queryKey: intakeKeys.drafts(token, code ?? ""),
    queryFn: () => api.get<OwnDrafts>(`${base(token)}/drafts`, { headers: { "X-Student-Code": code ?? "" } }),
    enabled: !!code,
    retry: false,
    refetchInterval: (q) => (q.state.data?.drafts.some((d) => d.state === "grading") ? 5_000 : false),
  });
}

export function useSubmitDraft(token: string, code: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { essayContent: string } | { file: File }) => {
      const form = new FormData();
      form.append("studentCode", code);
      if ("file" in input) form.append("file", input.file);
      else form.append("essayContent", input.essayContent);
      return api.post<SubmittedDraft>(`${base(token)}/drafts`, form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: intakeKeys.drafts(token, code) }),
  });
}
