// 교사–AI 채점 일치도 across every session (admins): GET /admin/agreement, the figures of the
// session dashboard's panel over all teachers' reviewed answers, a category per name and points.
import { useQuery } from "@tanstack/react-query";
import { AGREEMENT_MIN_REVIEWED, describeBias, type SessionAgreement } from "@shared/agreement.ts";
import { Section } from "@/components/ui/section";
import { api } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";

export interface AdminAgreement extends SessionAgreement {
  sessions: number;
  teachers: number;
}

const kappa = (q: number | null) => (q === null ? "-" : q.toFixed(2));

export function AdminAgreementSection() {
  const { data, isError, error } = useQuery({
    queryKey: [...adminKeys.all, "agreement"] as const,
    queryFn: () => api.get<AdminAgreement>("/admin/agreement"),
  });
  return (
    <Section
      title="교사–AI 채점 일치도 (전체)"
      description="모든 작업에서 선생님이 검토 완료한 답안의 AI 원래 점수와 최종 점수를 비교합니다."
      testId="admin-agreement"
      className="mt-8"
    >
      {isError ? (
        <p className="text-sm text-error">{error.message}</p>
      ) : !data ? (
        <p className="text-sm text-base-content/75">불러오는 중...</p>
      ) : data.categories === null ? (
        <p className="text-sm text-base-content/75">
          검토 완료 {data.reviewed}개 · 검토한 답안이 {AGREEMENT_MIN_REVIEWED}개 이상이면 표시됩니다.
        </p>
      ) : (
        <div className="space-y-2">
          <p className="text-sm">
            검토 완료 <span className="tabular-nums">{data.reviewed}</span>개 (작업 <span className="tabular-nums">{data.sessions}</span>개,
            선생님 <span className="tabular-nums">{data.teachers}</span>명) · 전체 일치도(가중 카파){" "}
            <strong className="tabular-nums" data-testid="admin-agreement-qwk">
              {kappa(data.qwk)}
            </strong>
          </p>
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">평가 항목 (배점)</th>
                  <th scope="col" className="text-right">
                    답안
                  </th>
                  <th scope="col" className="text-right">
                    평균 점수 차
                  </th>
                  <th scope="col" className="text-right">
                    배점 10% 이내
                  </th>
                  <th scope="col">경향</th>
                  <th scope="col" className="text-right">
                    가중 카파
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.categories.map((c) => (
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
              </tbody>
            </table>
          </div>
        </div>
      )}
    </Section>
  );
}
