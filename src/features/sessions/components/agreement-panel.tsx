// 교사–AI 일치도 on the session dashboard: once enough answers are reviewed (검토 완료), how far the AI's
// original scores agree with the teacher's final ones, per category.
import { AGREEMENT_MIN_REVIEWED, describeBias, type CategoryAgreement } from "@shared/agreement.ts";
import { Card, CardBody, CardTitle } from "@/components/ui/card";
import { useAgreement } from "@/features/sessions/api/get-agreement";

const points = (n: number) => `${n.toFixed(1)}점`;
const percent = (share: number) => `${Math.round(share * 100)}%`;
const kappa = (q: number | null) => (q === null ? "-" : q.toFixed(2));

function CategoryRow({ c }: { c: CategoryAgreement }) {
  return (
    <tr>
      <th scope="row" className="font-normal">
        {c.name}
      </th>
      <td>{points(c.meanAbsDiff)}</td>
      <td>{percent(c.withinTenPercent)}</td>
      <td>{describeBias(c.name, c.bias)}</td>
      <td>{kappa(c.qwk)}</td>
    </tr>
  );
}

export function AgreementPanel({ sessionId }: { sessionId: string }) {
  const { data } = useAgreement(sessionId);
  if (!data) return null;
  return (
    <Card>
      <CardBody className="p-4" data-testid="agreement-panel">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <CardTitle>교사–AI 채점 일치도</CardTitle>
          <span className="text-sm text-base-content/70">검토 완료 {data.reviewed}개</span>
        </div>
        {data.categories === null ? (
          <p className="text-sm text-base-content/70">검토한 답안이 {AGREEMENT_MIN_REVIEWED}개 이상이면 표시됩니다.</p>
        ) : (
          <>
            <p className="text-sm">
              전체 일치도(가중 카파): <strong data-testid="agreement-qwk">{kappa(data.qwk)}</strong>
              <span className="text-base-content/70"> · 1에 가까울수록 AI 점수가 선생님 점수와 일치합니다.</span>
            </p>
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th scope="col">평가 항목</th>
                    <th scope="col">평균 점수 차</th>
                    <th scope="col">배점 10% 이내</th>
                    <th scope="col">경향</th>
                    <th scope="col">가중 카파</th>
                  </tr>
                </thead>
                <tbody>
                  {data.categories.map((c) => (
                    <CategoryRow key={c.name} c={c} />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardBody>
    </Card>
  );
}
