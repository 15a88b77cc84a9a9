// A class's averages over its assignments (total and each category, as percents of each result's own
// maximum): a chart with the same numbers as a table; and, per assignment, who has not handed in.
import { formatSeoulDateOr } from "@shared/format.ts";
import type { ClassMatrix } from "@shared/growth.ts";
import { PercentLines } from "@/components/charts/percent-lines";
import { DataTable } from "@/components/ui/data-table";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";

/** Korean texts of the class matrix, its averages and the not-submitted list. */
export const MATRIX_MESSAGES = {
  title: "성적 매트릭스",
  description: "학생별로 과제마다 가장 최근에 채점된 답안의 점수입니다. 과제마다 만점이 달라 백분율(%)로 함께 보여 줍니다.",
  export: "엑셀(.xlsx) 내려받기",
  exportFail: "엑셀 파일을 내려받지 못했습니다. 잠시 후 다시 시도해 주세요.",
  exportFailTitle: "내려받기 실패",
  loadError: "성적을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.",
  retry: "다시 시도",
  noStudents: "이 반에 학생이 없습니다.",
  noAssignments: "이 반에 과제가 아직 없습니다.",
  noAssignmentsHint: "과제를 이 반에 연결하면 학생별 점수가 여기에 모입니다.",
  tableLabel: "학생별 과제 점수",
  seat: "번호",
  name: "이름",
  examNumber: "수험번호",
  notGraded: "채점 없음",
  reviewed: "검토 완료",
  sortBy: (label: string) => `${label} 기준 정렬`,
  cellLabel: (student: string, title: string) => `${student} · ${title} 리포트`,
  averages: "반 평균 추이",
  averagesDescription: "과제별 반 평균을 각 답안 만점에 대한 백분율(%)로 비교합니다.",
  notSubmitted: "미제출 학생",
  allSubmitted: "모두 제출했습니다.",
  gradedCount: "채점 인원",
  assignment: "과제",
  date: "날짜",
  total: "총점",
  round: (i: number) => `${i}회`,
  chartTitle: "반 평균 추이 (%)",
  chartSummary: (n: number, first: number | null, last: number | null) =>
    first === null || last === null
      ? `${n}개 과제의 반 평균입니다.`
      : `${n}개 과제에서 반 평균 총점이 ${first}%에서 ${last}%가 되었습니다.`,
  chartOne: "과제가 하나뿐이라 추이를 그릴 수 없습니다.",
  percent: (p: number | null | undefined) => (p === null || p === undefined ? "-" : `${p}%`),
} as const;
const M = MATRIX_MESSAGES;

function averageSeries(matrix: ClassMatrix) {
  return [
    { name: M.total, values: matrix.assignments.map((a) => a.averagePercent) },
    ...matrix.categoryNames.map((name) => ({
      name,
      values: matrix.assignments.map((a) => a.categoryAverages.find((c) => c.name === name)?.percent ?? null),
    })),
  ];
}

export function ClassAverages({ matrix }: { matrix: ClassMatrix }) {
  const { assignments } = matrix;
  const series = averageSeries(matrix);
  const num = "text-right tabular-nums";
  const summary =
    assignments.length < 2
      ? M.chartOne
      : M.chartSummary(assignments.length, assignments[0].averagePercent, assignments[assignments.length - 1].averagePercent);
  return (
    <section className="space-y-3" data-testid="class-averages">
      <div className="space-y-1">
        <h3 className="text-base font-semibold">{M.averages}</h3>
        <p className="text-sm text-base-content/75">{M.averagesDescription}</p>
      </div>
      {assignments.length > 1 && (
        <PercentLines title={M.chartTitle} summary={summary} labels={assignments.map((_, i) => M.round(i + 1))} series={series} />
      )}
      <DataTable
        region={M.chartTitle}
        className="table-sm"
        data-testid="class-averages-table"
        caption={<caption className="sr-only">{M.chartTitle}</caption>}
        head={
          <tr>
            <th scope="col" className={num}>
              회차
            </th>
            <th scope="col">{M.assignment}</th>
            <th scope="col">{M.date}</th>
            <th scope="col" className={num}>
              {M.gradedCount}
            </th>
            {series.map((s) => (
              <th key={s.name} scope="col" className={num}>
                {s.name}
              </th>
            ))}
          </tr>
        }
      >
        {assignments.map((a, i) => (
          <tr key={a.sessionId}>
            <td className={num}>{M.round(i + 1)}</td>
            <th scope="row" className="font-normal">
              {a.title}
            </th>
            <td className="whitespace-nowrap tabular-nums">{formatSeoulDateOr(a.date, "date", "-")}</td>
            <td className={num}>{matrix.students.filter((s) => s.cells[i] !== null).length}</td>
            {series.map((s) => (
              <td key={s.name} className={num}>
                {M.percent(s.values[i])}
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

export function NotSubmitted({ matrix }: { matrix: ClassMatrix }) {
  return (
    <section className="space-y-3" data-testid="class-not-submitted">
      <h3 className="text-base font-semibold">{M.notSubmitted}</h3>
      <dl className="space-y-2 text-sm">
        {matrix.assignments.map((a) => (
          <div key={a.sessionId} className="flex flex-wrap gap-x-2">
            <dt className="font-medium">{a.title}</dt>
            <dd>
              {a.notSubmitted.length === 0 ? (
                <span className="text-base-content/75">{M.allSubmitted}</span>
              ) : (
                <ul className="inline-flex flex-wrap gap-x-2">
                  {a.notSubmitted.map((s, i) => (
                    <li key={s.id}>
                      <Link to={paths.student.getHref(s.id)} className="link link-hover text-primary">
                        {s.name}
                      </Link>
                      {i < a.notSubmitted.length - 1 && <span aria-hidden="true">,</span>}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
