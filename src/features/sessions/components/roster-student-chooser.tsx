import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Select } from "@/components/ui/select";
import { api, errorMessage } from "@/lib/api-client";
import { classKeys, useClassDetail } from "@/lib/classes";
import { notify } from "@/lib/notify";
import type { AnalysisSession, Submission } from "@shared/types.ts";
import { sessionKeys } from "@/features/sessions/api/keys";
import { SESSION_MESSAGES } from "@/features/sessions/messages";

const M = SESSION_MESSAGES.setupCheck;

/**
 * 학생 선택: an answer of a class's assignment that was not linked to a student (no 수험번호 or
 * name matched, or two students share the name) gets a small select of the class's roster.
 * A linked answer says whose it is; an assignment without a class shows nothing.
 */
export function RosterStudentChooser({ session, submission }: { session: AnalysisSession | null; submission: Submission }) {
  const classId = session?.classId ?? null;
  const roster = useClassDetail(submission.rosterStudentId ? null : classId);
  const queryClient = useQueryClient();
  const link = useMutation({
    mutationFn: (rosterStudentId: string | null) =>
      api.patch<Submission>(`/submissions/${encodeURIComponent(submission.id)}`, { rosterStudentId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.submissions(submission.sessionId) }),
        queryClient.invalidateQueries({ queryKey: classKeys.all }),
      ]),
  });
  if (classId && submission.rosterStudentId) {
    // A row just broadcast has the link but not the name yet (the next fetch brings it).
    if (!submission.rosterStudentName) return null;
    return (
      <p className="mt-1 text-xs text-base-content/75" data-testid="roster-linked">
        {M.studentLinkedTo(submission.rosterStudentName ?? "")}
      </p>
    );
  }
  if (!classId || submission.rosterStudentId || !roster.data?.students.length) return null;
  const id = `roster-choice-${submission.id}`;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="roster-chooser">
      <label htmlFor={id} className="text-sm text-base-content/75">
        {M.studentLabel}
      </label>
      <div className="w-56">
        <Select
          id={id}
          className="select-sm"
          value=""
          disabled={link.isPending}
          onChange={(e) =>
            link.mutate(e.target.value || null, {
              onSuccess: () => notify({ title: M.studentLabel, description: M.studentLinked }),
              onError: (err) => notify({ title: M.saveFailTitle, description: errorMessage(err, M.saveFailTitle), variant: "destructive" }),
            })
          }
          options={[
            { value: "", label: M.studentNone, disabled: true },
            ...roster.data.students.map((s) => ({
              value: s.id,
              label: `${s.seatNumber ? `${s.seatNumber}번 ` : ""}${s.name} (${s.examNumber})`,
            })),
          ]}
        />
      </div>
    </div>
  );
}
