// AI 채점 비용 (admins): totals, cost per day, per teacher and per purpose (채점, 사진 판독), tokens per
// answer by grading mode,
// from GET /admin/usage (tokens the provider reported × the configured prices, USD).
import { type ReactNode, useState } from "react";
import { Card, CardBody, CardTitle, CardDescription } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { seoulDay, useGradingUsage, type UsageSums } from "@/features/admin/api/get-grading-usage";

const PERIODS = [
  { value: "7", label: "최근 7일" },
  { value: "30", label: "최근 30일" },
  { value: "90", label: "최근 90일" },
];

const MODE_LABELS: Record<string, string> = { holistic: "한 번에 채점 (holistic)", "per-criterion": "항목별 채점 (per-criterion)" };

/** Why the model was called (grading_usage.purpose). */
export const PURPOSE_LABELS: Record<string, string> = { grading: "채점", transcription: "사진 판독" };

const int = (n: number) => n.toLocaleString("ko-KR");
/** USD with enough decimals for sub-cent amounts. */
export function usd(n: number): string {
  const digits = n !== 0 && Math.abs(n) < 1 ? 4 : 2;
  return `$${n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}
const tokens = (s: Pick<UsageSums, "promptTokens" | "completionTokens">) => s.promptTokens + s.completionTokens;

/**
 * One breakdown as a table: the first column names the row, the others are right-aligned numbers.
 * `name` is the table's accessible name, `caption` its visible title.
 */
function CostTable(props: {
  name: string;
  caption: string;
  columns: [string, ...string[]];
  headClassName?: string;
  rows: { key: string; head: ReactNode; values: string[] }[];
}) {
  const [first, ...numbers] = props.columns;
  return (
    <DataTable
      className="table-sm"
      aria-label={props.name}
      caption={<caption className="text-left font-semibold">{props.caption}</caption>}
      columns={[first, ...numbers.map((label) => ({ label, end: true }))]}
    >
      {props.rows.map((row) => (
        <tr key={row.key}>
          <td className={props.headClassName}>{row.head}</td>
          {row.values.map((value, i) => (
            <td key={i} className="text-right tabular-nums">
              {value}
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}

export function GradingCost({ enabled = true }: { enabled?: boolean }) {
  const [days, setDays] = useState("30");
  const range = { from: seoulDay(Number(days) - 1), to: seoulDay(0) };
  const usage = useGradingUsage(range, { enabled });
  const data = usage.data;

  return (
    <Card data-testid="grading-cost">
      <CardBody className="gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <CardTitle>AI 채점 비용</CardTitle>
            <CardDescription>
              채점과 사진 판독의 AI 호출마다 AI 제공자가 알려 준 토큰 수에 설정된 단가를 곱한 금액입니다 (USD).
              {data &&
                ` 단가(100만 토큰당): 입력 ${usd(data.prices.inputPer1M)}, 캐시 입력 ${usd(data.prices.cachedPer1M)}, 출력 ${usd(data.prices.outputPer1M)}`}
            </CardDescription>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <span>기간</span>
            <Select aria-label="조회 기간" className="w-36" value={days} options={PERIODS} onChange={(e) => setDays(e.target.value)} />
          </label>
        </div>

        {usage.isError ? (
          <p role="alert" className="text-sm text-error">
            채점 비용을 불러올 수 없습니다. {usage.error.message}
          </p>
        ) : !data ? (
          <div className="flex justify-center py-6">
            <Spinner label="채점 비용을 불러오는 중..." />
          </div>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="기간 합계">
              {[
                ["총비용", usd(data.total.cost), "cost-total"],
                ["채점한 답안", `${int(data.total.essays)}건`, "cost-essays"],
                ["답안당 비용", data.total.essays ? usd(data.total.cost / data.total.essays) : "-", "cost-per-essay"],
                ["토큰 (입력+출력)", int(tokens(data.total)), "cost-tokens"],
              ].map(([label, value, id]) => (
                <div key={id} className="rounded-box bg-base-200 p-3">
                  <dt className="text-sm text-base-content/70">{label}</dt>
                  <dd className="text-xl font-bold tabular-nums" data-testid={id}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>

            {data.days.length === 0 ? (
              <p className="py-4 text-center text-base-content/70">이 기간에 AI 채점 기록이 없습니다.</p>
            ) : (
              <div className="grid gap-6 xl:grid-cols-2">
                <CostTable
                  name="일별 채점 비용"
                  caption="일별"
                  columns={["날짜", "답안", "호출", "토큰", "비용"]}
                  rows={data.days.map((d) => ({
                    key: d.day,
                    head: d.day,
                    values: [int(d.essays), int(d.calls), int(tokens(d)), usd(d.cost)],
                  }))}
                />
                <CostTable
                  name="교사별 채점 비용"
                  caption="교사별"
                  columns={["교사", "답안", "토큰", "비용"]}
                  headClassName="max-w-56 truncate"
                  rows={data.teachers.map((t) => ({
                    key: t.userId ?? "deleted",
                    head: (
                      <>
                        {t.userId ? (t.name ?? "-") : "탈퇴한 회원"}
                        {t.email && <span className="block text-xs text-base-content/70">{t.email}</span>}
                      </>
                    ),
                    values: [int(t.essays), int(tokens(t)), usd(t.cost)],
                  }))}
                />
              </div>
            )}

            {data.purposes.length > 0 && (
              <CostTable
                name="용도별 AI 비용"
                caption="용도별"
                columns={["용도", "호출", "토큰", "비용"]}
                rows={data.purposes.map((p) => ({
                  key: p.purpose,
                  head: PURPOSE_LABELS[p.purpose] ?? p.purpose,
                  values: [int(p.calls), int(tokens(p)), usd(p.cost)],
                }))}
              />
            )}

            {data.modes.length > 0 && (
              <ul className="space-y-1 text-sm text-base-content/80" aria-label="채점 방식별 답안당 토큰">
                {data.modes.map((m) => (
                  <li key={m.mode}>
                    {MODE_LABELS[m.mode] ?? m.mode}: 답안 {int(m.essays)}건, 답안당 입력 {int(m.perEssay.promptTokens)} (캐시{" "}
                    {int(m.perEssay.cachedTokens)}) · 출력 {int(m.perEssay.completionTokens)} 토큰, 답안당 {usd(m.perEssay.cost)}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}
