// 교사–AI 채점 일치도 across the organisation: how the AI's original scores agree with the teachers' final ones
// over the organisation's reviewed answers (검토 완료), a category per name and points.
import { AGREEMENT_MIN_REVIEWED, describeBias } from "@shared/agreement.ts";
import { DataTable } from "@/components/ui/data-table";
import { Section } from "@/components/ui/section";
import type { OrgUsage } from "./api";

const kappa = (q: number | null) => (q === null ? "-" : q.toFixed(2));

export function OrgAgreementSection({ agreement }: { agreement: OrgUsage["agreement"] }) {
  return (
    <Section
      title="교사–AI 채점 일치도"
      description="기관의 과제에서 선생님이 검토 완료한 답안의 AI 원래 점수와 최종 점수를 비교합니다."
      testId="org-agreement"
    >
      {agreement.categories === null ? (
        <p className="text-sm text-base-content/75">
          검토 완료 <span className="tabular-nums">{agreement.reviewed}</span>개 · 검토한 답안이 {AGREEMENT_MIN_REVIEWED}개 이상이면
          표시됩니다.
        </p>
      ) : (
        <div className="space-y-2">
          <p className="text-sm">
            검토 완료 <span className="tabular-nums">{agreement.reviewed}</span>개 (과제{" "}
            <span className="tabular-nums">{agreement.sessions}</span>개, 선생님 <span className="tabular-nums">{agreement.teachers}</span>
            명) · 전체 일치도(가중 카파){" "}
            <strong className="tabular-nums" data-testid="org-agreement-qwk">
              {kappa(agreement.qwk)}
            </strong>
          </p>
          <DataTable
            region="항목별 일치도"
            className="table-sm"
            columns={[
              "평가 항목 (배점)",
              { label: "답안", end: true },
              { label: "평균 점수 차", end: true },
              { label: "배점 10% 이내", end: true },
              "경향",
              { label: "가중 카파", end: true },
            ]}
          >
            {agreement.categories.map((c) => (
              <tr key={c.name}>
                <th scope="row" className="font-normal">
                  {c.name}
                </th>
                <td className="text-right tabular-nums">{c.count}</td>
                <td className="text-right tabular-nums">{c.meanAbsDiff.toFixed(1)}점</td>
                <td className="text-right tabular-nums">{Math.round(c.withinTenPercent * 100)}%</td>
                <td>{describeBias(c.name, c.bias)}</td>
                <td className="text-right tabular-nums">{kappa(c.qwk)}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </Section>
  );
}
