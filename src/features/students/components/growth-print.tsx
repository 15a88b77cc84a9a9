// The printed 학생 성장 리포트 (A4, one student, for 학부모 상담), through the report's print design
// (PrintPortal, report-print.css, ReportSection): who, the trends in words, the chart and its table,
// the frequent 첨삭 marks and each assignment's final comment. The teacher's private notes are not printed.
import { formatScore, formatSeoulDateOr } from "@shared/format.ts";
import type { StudentHistory } from "@shared/growth.ts";
import { PercentLines } from "@/components/charts/percent-lines";
import { ReportSection } from "@/components/report/report-sections";
import { BulletList } from "@/components/ui/bullet-list";
import { chartSummary, GrowthTable, growthSeries } from "@/features/students/components/growth-table";
import { STUDENT_MESSAGES as M } from "@/features/students/messages";

/** A4 content width in CSS pixels at 96 dpi (210 mm − 28 mm of margins). */
const PRINT_WIDTH = 680;

export function GrowthPrint({ history, printedAt = new Date() }: { history: StudentHistory; printedAt?: Date }) {
  const { student, results } = history;
  const facts: [string, string][] = [
    ["학생 이름", student.name],
    [M.examNumber, student.examNumber],
    [M.classes, student.classes.map((c) => c.name).join(", ") || M.noClass],
    [M.printedOn, formatSeoulDateOr(printedAt, "date", "-")],
  ];
  return (
    <article className="print-report" data-testid="growth-print">
      <header className="print-avoid-break border-b-2 border-base-content pb-2">
        <h2 className="text-xl font-bold">{M.printTitle}</h2>
        <dl className="mt-1 grid grid-cols-2 gap-x-6 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="flex gap-2">
              <dt className="font-semibold">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </header>
      <ReportSection title={M.growth} layout="print" avoidBreak>
        <BulletList items={history.trends.length > 0 ? history.trends : [M.noTrend]} />
        {results.length > 1 && (
          <PercentLines
            title={M.chartTitle}
            summary={chartSummary(history)}
            labels={results.map((_, i) => M.round(i + 1))}
            series={growthSeries(history)}
            width={PRINT_WIDTH}
            height={220}
          />
        )}
      </ReportSection>
      <ReportSection title={M.results} layout="print" avoidBreak>
        <GrowthTable history={history} layout="print" />
      </ReportSection>
      {history.markKinds.length > 0 && (
        <ReportSection title={M.marks} layout="print" avoidBreak>
          <p>{history.markKinds.map((k) => `${k.kind} ${M.times(k.count)}`).join(" · ")}</p>
          <BulletList items={history.markTopics.map((t) => `${t.kind} · ${t.category} ${M.times(t.count)}`)} />
        </ReportSection>
      )}
      <ReportSection title={M.comment} layout="print">
        {results.map((r, i) => (
          <div key={r.submissionId} className="print-avoid-break mb-2">
            <p className="font-semibold">
              {M.round(i + 1)} {r.sessionTitle} · {formatScore(r.total)}/{formatScore(r.max)}점 ({r.percent}%)
            </p>
            <p className="whitespace-pre-wrap">{r.comment || "-"}</p>
          </div>
        ))}
      </ReportSection>
    </article>
  );
}
