// AI 채점 비용 (admins): totals, cost per day, per teacher and per purpose (채점, 사진 판독), tokens per
// answer by grading mode, from GET /admin/usage (tokens the provider reported × the configured prices,
// in USD, shown in 원 at the configured rate). The default period is this month, so its 채점한 답안 is
// the member page's 이번 달 채점한 답안 (one query).
import { type ReactNode, useState } from "react";
import { DataTable } from "@/components/ui/data-table";
import { Section } from "@/components/ui/section";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { seoulDay, thisMonthRange, useGradingUsage, type UsageSums } from "@/features/admin/api/get-grading-usage";

const PERIODS = [
  { value: "month", label: "이번 달" },
  { value: "7", label: "최근 7일" },
  { value: "30", label: "최근 30일" },
  { value: "90", label: "최근 90일" },
];

/** Grading modes (grading_usage.mode) as the admin reads them. */
export const MODE_LABELS: Record<string, string> = { holistic: "종합 채점", "per-criterion": "항목별 채점" };

/** Why the model was called (grading_usage.purpose). */
export const PURPOSE_LABELS: Record<string, string> = { grading: "채점", transcription: "사진 판독" };

const int = (n: number) => n.toLocaleString("ko-KR");

/** A USD amount in 원 at `krwPerUsd`: whole 원 from 100원, one decimal below (a single answer costs a few 원). */
export function won(usd: number, krwPerUsd: number): string {
  const krw = usd * krwPerUsd;
  const digits = Math.abs(krw) >= 100 || krw === 0 ? 0 : 1;
  return `${krw.toLocaleString("ko-KR", { minimumFractionDigits: digits, maximumFractionDigits: digits })}원`;
}
const tokens = (s: Pick<UsageSums, "promptTokens" | "completionTokens">) => s.promptTokens + s.completionTokens;

export function periodRange(period: string): { from: string; to: string } {
  return period === "month" ? thisMonthRange() : { from: seoulDay(Number(period) - 1), to: seoulDay(0) };
}

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
      caption={<caption className="text-left text-base font-semibold">{props.caption}</caption>}
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
  const [period, setPeriod] = useState("month");
  const usage = useGradingUsage(periodRange(period), { enabled });
  const data = usage.data;
  const rate = data?.prices.krwPerUsd ?? 0;
  const krw = (usd: number) => won(usd, rate);

  return (
    <Section
      title="AI 채점 비용"
      testId="grading-cost"
      description={
        <>
          채점과 사진 판독의 AI 호출마다 AI 제공자가 알려 준 토큰 수에 설정된 단가를 곱한 금액입니다.
          {data &&
            ` 단가(100만 토큰당): 입력 ${krw(data.prices.inputPer1M)}, 캐시 입력 ${krw(data.prices.cachedPer1M)}, 출력 ${krw(data.prices.outputPer1M)} (1달러 = ${int(rate)}원 기준)`}
        </>
      }
      actions={
        <label className="flex items-center gap-2 text-sm">
          <span>기간</span>
          <span className="block w-32">
            <Select
              aria-label="조회 기간"
              className="select-sm"
              value={period}
              options={PERIODS}
              onChange={(e) => setPeriod(e.target.value)}
            />
          </span>
        </label>
      }
    >
      {usage.isError ? (
        <p role="alert" className="text-sm text-error">
          채점 비용을 불러올 수 없습니다. {usage.error.message}
        </p>
      ) : !data ? (
        <div className="flex justify-center py-6">
          <Spinner label="채점 비용을 불러오는 중..." />
        </div>
      ) : (
        <div className="space-y-6">
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="기간 합계">
            {[
              ["총비용", krw(data.total.cost), "cost-total"],
              ["채점한 답안", `${int(data.total.essays)}건`, "cost-essays"],
              ["답안당 비용", data.total.essays ? krw(data.total.cost / data.total.essays) : "-", "cost-per-essay"],
              ["토큰 (입력+출력)", int(tokens(data.total)), "cost-tokens"],
            ].map(([label, value, id]) => (
              <div key={id} className="rounded-box bg-base-200 p-3">
                <dt className="text-sm text-base-content/75">{label}</dt>
                <dd className="text-xl font-semibold tabular-nums" data-testid={id}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>

          {data.days.length === 0 ? (
            <p className="py-4 text-center text-base-content/75">이 기간에 AI 채점 기록이 없습니다.</p>
          ) : (
            <div className="grid gap-6 xl:grid-cols-2">
              <CostTable
                name="일별 채점 비용"
                caption="일별"
                columns={["날짜", "답안", "호출", "토큰", "비용"]}
                rows={data.days.map((d) => ({
                  key: d.day,
                  head: d.day,
                  values: [int(d.essays), int(d.calls), int(tokens(d)), krw(d.cost)],
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
                      {t.email && <span className="block text-xs text-base-content/75">{t.email}</span>}
                    </>
                  ),
                  values: [int(t.essays), int(tokens(t)), krw(t.cost)],
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
                values: [int(p.calls), int(tokens(p)), krw(p.cost)],
              }))}
            />
          )}

          {data.modes.length > 0 && (
            <CostTable
              name="채점 방식별 답안당 비용"
              caption="채점 방식별 (답안 1건당)"
              columns={["채점 방식", "답안", "입력 토큰", "캐시", "출력 토큰", "비용"]}
              rows={data.modes.map((m) => ({
                key: m.mode,
                head: MODE_LABELS[m.mode] ?? "기타 채점 방식",
                values: [
                  int(m.essays),
                  int(m.perEssay.promptTokens),
                  int(m.perEssay.cachedTokens),
                  int(m.perEssay.completionTokens),
                  krw(m.perEssay.cost),
                ],
              }))}
            />
          )}
        </div>
      )}
    </Section>
  );
}
