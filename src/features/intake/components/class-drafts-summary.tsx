// 학생 제출 현황 on the class page: drafts per student through the class's links and the average gain from
// draft 1 to draft 2. Shown once any student has handed in through a link.
import type { ClassDetail } from "@shared/types.ts";
import { Section } from "@/components/ui/section";
import { useClassDraftsSummary } from "@/features/intake/api/teacher";
import { CLASS_DRAFTS_TEXT as T } from "@/features/intake/messages";

export function ClassDraftsSummarySection({ detail }: { detail: ClassDetail }) {
  const q = useClassDraftsSummary(detail.id);
  if (!q.data || q.data.students.length === 0) return null;
  const counts = new Map(q.data.students.map((s) => [s.studentId, s.drafts]));
  const { averageImprovement, revisedPairs } = q.data;
  return (
    <Section title={T.title} description={T.description} testId="class-drafts-summary">
      <p className="text-base font-semibold tabular-nums" data-testid="class-drafts-improvement">
        {averageImprovement === null ? T.noPairs : T.improvement(averageImprovement, revisedPairs)}
      </p>
      <table className="table table-sm w-full max-w-md">
        <thead>
          <tr>
            <th scope="col" className="text-right">
              {T.columns.seat}
            </th>
            <th scope="col">{T.columns.name}</th>
            <th scope="col" className="text-right">
              {T.columns.drafts}
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.students.map((s) => (
            <tr key={s.id}>
              <td className="text-right tabular-nums">{s.seatNumber ?? ""}</td>
              <th scope="row" className="font-normal">
                {s.name}
              </th>
              <td className="text-right tabular-nums">{T.draftsCount(counts.get(s.id) ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
