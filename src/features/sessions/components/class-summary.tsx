// The class summary: score distribution, spread (min / median / max), average per
// rubric category against its maximum and how many answers were flagged. Drawn with visx (SVG);
// this module is loaded only when the dashboard shows 요약 (React.lazy in dashboard.tsx), so visx is
// in that chunk alone. Each chart is `role="img"` named by its title and described by a one-line
// summary, with its numbers as a table under 표로 보기.
import { type ReactNode, useId } from "react";
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, Line } from "@visx/shape";
import type { Submission } from "@shared/types.ts";
import { FLAG_LABELS, type RubricCategory } from "@shared/grading.ts";
import { sameRubricScale } from "@shared/rubric-scale.ts";
import { useSession } from "@/features/sessions/api/get-session";
import { Card, CardBody } from "@/components/ui/card";
import { classSummary, type ClassSummary } from "@/features/sessions/utils/class-results";
import { useWidth } from "@/components/charts/use-width";

const PRIMARY = "var(--color-primary)";
const MUTED = "color-mix(in oklab, var(--color-base-content) 15%, transparent)";
const TEXT = "var(--color-base-content)";
const WARNING = "var(--color-warning)";

interface ChartFigureProps {
  title: string;
  /** One sentence with what the picture shows (the chart's accessible description). */
  summary: string;
  testId: string;
  /** The chart, drawn for a width. */
  chart: (width: number) => ReactNode;
  /** The numbers of the chart as a table: header row and body rows. */
  table: { head: string[]; rows: (string | number)[][] };
  /** Spans both columns (the histogram, so its range labels fit under the bars). */
  wide?: boolean;
}

function ChartFigure({ title, summary, testId, chart, table, wide }: ChartFigureProps) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const titleId = useId();
  const descId = useId();
  return (
    <Card className={wide ? "lg:col-span-2" : undefined}>
      <CardBody className="p-4">
        {/* A section, not a <figure>: daisyUI lays a card's figure out as a centred row. */}
        <section className="space-y-2" data-testid={testId} aria-labelledby={titleId}>
          <h3 id={titleId} className="text-base font-semibold">
            {title}
          </h3>
          <p id={descId} className="text-sm text-base-content/75" data-testid="chart-summary">
            {summary}
          </p>
          <div ref={ref} className="w-full">
            <svg
              role="img"
              aria-labelledby={titleId}
              aria-describedby={descId}
              width={width}
              height={chartHeight(table.rows.length, testId)}
              className="block max-w-full overflow-visible"
            >
              {/* The picture's parts (axis labels are nested <svg>s) are not separate images; the figure's text says it all. */}
              <g aria-hidden="true">{chart(width)}</g>
            </svg>
          </div>
          <details className="text-sm">
            <summary className="cursor-pointer text-base-content/80">표로 보기</summary>
            <table className="table table-xs mt-2" data-testid="chart-table">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  {table.head.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((cells, i) => (
                  <tr key={i}>
                    {cells.map((c, j) =>
                      j === 0 ? (
                        <th key={j} scope="row">
                          {c}
                        </th>
                      ) : (
                        <td key={j} className="tabular-nums">
                          {c}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </section>
      </CardBody>
    </Card>
  );
}

const HISTOGRAM_HEIGHT = 220;
const SPREAD_HEIGHT = 90;
const BAR_ROW = 34;

function chartHeight(rows: number, testId: string): number {
  if (testId === "chart-histogram") return HISTOGRAM_HEIGHT;
  if (testId === "chart-spread") return SPREAD_HEIGHT;
  return rows * BAR_ROW + 12;
}

function Histogram({ summary, width }: { summary: ClassSummary; width: number }) {
  // Each tick sits under the centre of its bar and names the bar's whole range ("90~100"); when a
  // band is too narrow for that, the labels are turned, never cut to their lower bound.
  const turned = (width - 40) / Math.max(1, summary.histogram.length) < 52;
  const margin = { top: 10, right: 8, bottom: turned ? 64 : 44, left: 32 };
  const innerW = width - margin.left - margin.right;
  const innerH = HISTOGRAM_HEIGHT - margin.top - margin.bottom;
  const bins = summary.histogram;
  const x = scaleBand<string>({ domain: bins.map((b) => b.label), range: [0, innerW], padding: 0.15 });
  const top = Math.max(1, ...bins.map((b) => b.count));
  const y = scaleLinear<number>({ domain: [0, top], range: [innerH, 0], nice: true });
  return (
    <Group left={margin.left} top={margin.top}>
      {bins.map((b) => {
        const h = innerH - y(b.count);
        return <Bar key={b.label} x={x(b.label)} y={y(b.count)} width={x.bandwidth()} height={h} fill={PRIMARY} rx={2} />;
      })}
      <AxisLeft
        scale={y}
        numTicks={Math.min(top, 5)}
        tickFormat={(v) => String(v)}
        stroke={TEXT}
        tickStroke={TEXT}
        tickLabelProps={{ fill: TEXT, fontSize: 11, textAnchor: "end", dx: -2, dy: 3 }}
      />
      <AxisBottom
        top={innerH}
        scale={x}
        stroke={TEXT}
        tickStroke={TEXT}
        tickFormat={(label) => String(label)}
        tickLabelProps={
          turned
            ? { fill: TEXT, fontSize: 10, textAnchor: "end", verticalAnchor: "middle", angle: -45, dx: 2, dy: 2 }
            : { fill: TEXT, fontSize: 11, textAnchor: "middle" }
        }
        label={`점수 구간 (${summary.scale.unit})`}
        labelOffset={turned ? 30 : 8}
        labelProps={{ fill: TEXT, fontSize: 11, textAnchor: "middle" }}
      />
    </Group>
  );
}

interface BarItem {
  label: string;
  value: number;
  max: number;
  text: string;
  color?: string;
}

/** Horizontal bars: a label column, then the bar over its full-length track, and its value. */
function HorizontalBars({ width, items }: { width: number; items: BarItem[] }) {
  const labelW = Math.min(120, Math.floor(width * 0.34));
  const valueW = 74;
  const barW = Math.max(40, width - labelW - valueW - 8);
  return (
    <Group top={6}>
      {items.map((item, i) => {
        const x = scaleLinear<number>({ domain: [0, Math.max(item.max, 1e-9)], range: [0, barW], clamp: true });
        const yMid = i * BAR_ROW + BAR_ROW / 2;
        return (
          <Group key={item.label}>
            <text x={labelW - 6} y={yMid} dy="0.35em" textAnchor="end" fontSize={12} fill={TEXT}>
              {item.label}
            </text>
            <Bar x={labelW} y={yMid - 8} width={barW} height={16} fill={MUTED} rx={3} />
            <Bar x={labelW} y={yMid - 8} width={x(item.value)} height={16} fill={item.color ?? PRIMARY} rx={3} />
            <text x={labelW + barW + 6} y={yMid} dy="0.35em" fontSize={12} fill={TEXT}>
              {item.text}
            </text>
          </Group>
        );
      })}
    </Group>
  );
}

/** A ChartFigure's chart of horizontal bars. */
function barsChart(items: BarItem[]) {
  return (width: number) => <HorizontalBars width={width} items={items} />;
}

const SPREAD_WORDS = { min: "최저", median: "중앙값", max: "최고" } as const;
type SpreadKey = keyof typeof SPREAD_WORDS;

/**
 * The strip's labelled points: values that coincide share one label ("최고·중앙값 100"), so no two
 * labels are drawn on one point.
 */
export function spreadMarks(s: { min: number; median: number; max: number }): { keys: SpreadKey[]; value: number; label: string }[] {
  const marks: { keys: SpreadKey[]; value: number; label: string }[] = [];
  for (const key of ["min", "median", "max"] as const) {
    const same = marks.find((m) => m.value === s[key]);
    if (same) same.keys.push(key);
    else marks.push({ keys: [key], value: s[key], label: "" });
  }
  for (const m of marks)
    m.label = `${[...m.keys]
      .reverse()
      .map((k) => SPREAD_WORDS[k])
      .join("·")} ${m.value}`;
  return marks;
}

/** A number line from 0 to the maximum with the class's min–max range and its median marked. */
function SpreadStrip({ summary, width }: { summary: ClassSummary; width: number }) {
  const s = summary.spread!;
  const margin = { left: 16, right: 16 };
  const x = scaleLinear<number>({ domain: [0, summary.scale.max], range: [margin.left, width - margin.right], clamp: true });
  const mid = 34;
  const marks = spreadMarks(s);
  return (
    <Group>
      <Line from={{ x: x(0), y: mid }} to={{ x: x(summary.scale.max), y: mid }} stroke={MUTED} strokeWidth={6} strokeLinecap="round" />
      <Line from={{ x: x(s.min), y: mid }} to={{ x: x(s.max), y: mid }} stroke={PRIMARY} strokeWidth={6} strokeLinecap="round" />
      {marks.map((m, i) => {
        // The median alone goes under the line, the others over it; two close labels over it open away from each other.
        const above = !(m.keys.length === 1 && m.keys[0] === "median");
        const others = marks.filter((o, j) => j !== i && !(o.keys.length === 1 && o.keys[0] === "median") === above);
        const near = others.find((o) => Math.abs(x(o.value) - x(m.value)) < 90);
        const anchor = near
          ? x(near.value) > x(m.value)
            ? "end"
            : "start"
          : x(m.value) < 60
            ? "start"
            : x(m.value) > width - 60
              ? "end"
              : "middle";
        return (
          <Group key={m.keys.join("-")}>
            <circle cx={x(m.value)} cy={mid} r={m.keys.includes("median") ? 7 : 5} fill={m.keys.includes("median") ? TEXT : PRIMARY} />
            <text x={x(m.value)} y={mid + (above ? -16 : 26)} textAnchor={anchor} fontSize={12} fill={TEXT} data-testid="spread-label">
              {m.label}
            </text>
          </Group>
        );
      })}
      <text x={x(0)} y={mid + 46} fontSize={11} fill={TEXT}>
        0
      </text>
      <text x={x(summary.scale.max)} y={mid + 46} textAnchor="end" fontSize={11} fill={TEXT}>
        {summary.scale.max}
      </text>
    </Group>
  );
}

export interface ClassSummaryViewProps {
  submissions: Submission[];
  /** The session's current rubric: results graded under another are left out (scales never mix). */
  rubric?: RubricCategory[];
}

/** The 요약 view: four charts with their text equivalents, or a note while nothing is graded. */
/** The session's summary: compared on its current rubric (fetched); without a session, every result. */
export default function ClassSummary({ sessionId, submissions }: { sessionId?: string; submissions: Submission[] }) {
  return sessionId ? (
    <SessionClassSummary sessionId={sessionId} submissions={submissions} />
  ) : (
    <ClassSummaryView submissions={submissions} />
  );
}

function SessionClassSummary({ sessionId, submissions }: { sessionId: string; submissions: Submission[] }) {
  const { data: session } = useSession(sessionId);
  return <ClassSummaryView submissions={submissions} rubric={session?.rubric} />;
}

export function ClassSummaryView({ submissions, rubric }: ClassSummaryViewProps) {
  const onCurrent = (s: Submission) => !rubric || !s.result?.rubric?.length || sameRubricScale(s.result.rubric, rubric);
  const leftOut = submissions.filter((s) => s.status === "completed" && s.result && !onCurrent(s)).length;
  const summary = classSummary(submissions.filter(onCurrent));
  const leftOutNote =
    leftOut > 0 ? (
      <p className="text-sm text-base-content/75 lg:col-span-2" data-testid="class-summary-left-out">
        이전 평가 기준으로 채점된 답안 {leftOut}개는 점수 척도가 달라 요약에서 뺐습니다. (현재 기준으로 채점된 답안만 비교합니다)
      </p>
    ) : null;
  if (summary.completed === 0) {
    return (
      <div className="space-y-2 py-10 text-center">
        <p className="text-base-content/75" data-testid="class-summary-empty">
          완료된 채점이 있으면 반 전체 요약을 볼 수 있습니다
        </p>
        {leftOutNote}
      </div>
    );
  }
  const { scale, spread } = summary;
  const unit = scale.unit;
  const peak = summary.histogram.reduce((a, b) => (b.count > a.count ? b : a));
  const weakest = summary.categories.reduce<(typeof summary.categories)[number] | null>(
    (a, c) => (a === null || c.average / (c.maxScore || 1) < a.average / (a.maxScore || 1) ? c : a),
    null,
  );
  const flaggedText = summary.flags
    .filter((f) => f.count > 0)
    .map((f) => `${f.label} ${f.count}명`)
    .join(", ");

  return (
    <div className="grid items-start gap-4 lg:grid-cols-2" data-testid="class-summary">
      {leftOutNote}
      <ChartFigure
        testId="chart-histogram"
        wide
        title="점수 분포"
        summary={`완료된 답안 ${summary.completed}개 중 가장 많은 구간은 ${peak.label}${unit} (${peak.count}명)입니다.${
          unit === "%" ? " 만점이 서로 달라 만점 대비 백분율로 나타냈습니다." : ""
        }`}
        chart={(w) => <Histogram summary={summary} width={w} />}
        table={{ head: [`점수 구간 (${unit})`, "학생 수"], rows: summary.histogram.map((b) => [b.label, `${b.count}명`]) }}
      />
      <ChartFigure
        testId="chart-spread"
        title="점수 범위 (최저 · 중앙값 · 최고)"
        summary={`최저 ${spread!.min}${unit}, 중앙값 ${spread!.median}${unit}, 최고 ${spread!.max}${unit}, 평균 ${spread!.mean}${unit} (만점 ${scale.max}${unit === "%" ? "%" : "점"}).`}
        chart={(w) => <SpreadStrip summary={summary} width={w} />}
        table={{
          head: ["항목", `점수 (${unit})`],
          rows: [
            ["최저", spread!.min],
            ["중앙값", spread!.median],
            ["최고", spread!.max],
            ["평균", spread!.mean],
          ],
        }}
      />
      <ChartFigure
        testId="chart-categories"
        title="평가 항목별 평균 (만점 대비)"
        summary={
          weakest
            ? `항목 ${summary.categories.length}개의 평균입니다. 만점 대비 가장 낮은 항목은 ${weakest.name} (${weakest.average} / ${weakest.maxScore}점)입니다.`
            : "항목별 점수가 아직 없습니다."
        }
        chart={barsChart(
          summary.categories.map((c) => ({ label: c.name, value: c.average, max: c.maxScore, text: `${c.average} / ${c.maxScore}` })),
        )}
        table={{
          head: ["평가 항목", "평균", "만점", "채점된 답안"],
          rows: summary.categories.map((c) => [c.name, c.average, c.maxScore, `${c.count}개`]),
        }}
      />
      <ChartFigure
        testId="chart-flags"
        title="확인이 필요한 답안"
        summary={
          summary.flaggedAnswers > 0
            ? `완료된 답안 ${summary.completed}개 중 ${summary.flaggedAnswers}개에 표시가 있습니다: ${flaggedText}.`
            : `완료된 답안 ${summary.completed}개 중 표시된 답안이 없습니다.`
        }
        chart={barsChart(
          summary.flags.map((f) => ({ label: f.label, value: f.count, max: summary.completed, text: `${f.count}명`, color: WARNING })),
        )}
        table={{
          head: ["표시", "뜻", "답안 수"],
          rows: summary.flags.map((f) => [f.label, FLAG_LABELS[f.flag], `${f.count}개`]),
        }}
      />
    </div>
  );
}
