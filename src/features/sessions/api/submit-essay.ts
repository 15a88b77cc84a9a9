import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import { usageKeys } from "@/lib/usage";
import { essaySchema } from "@shared/schemas.ts";
import type { Submission } from "@shared/types.ts";
import { sessionKeys } from "@/features/sessions/api/keys";

export type SubmitEssayInput =
  | { sessionId: string; kind: "text"; essayContent: string; studentName?: string; studentId?: string }
  | { sessionId: string; kind: "file"; file: File; studentName?: string; studentId?: string };

export function submitEssay(input: SubmitEssayInput) {
  const path = `/sessions/${encodeURIComponent(input.sessionId)}/submissions`;
  if (input.kind === "text") {
    const body = essaySchema.parse({
      essayContent: input.essayContent,
      studentName: input.studentName?.trim() || undefined,
      studentId: input.studentId?.trim() || undefined,
    });
    return api.post<Submission>(path, body);
  }
  const form = new FormData();
  form.append("essayFile", input.file);
  form.append("studentName", input.studentName?.trim() ?? "");
  form.append("studentId", input.studentId?.trim() ?? "");
  return api.post<Submission>(path, form);
}

export function useSubmitEssay() {
  return useInvalidatingMutation(submitEssay, (input) => [usageKeys.all, sessionKeys.detail(input.sessionId)], "settled");
}
