// Percent lines over a term (0–100 % on the y axis, one point per assignment on the x axis): a
// student's total and categories, or a class's averages. Drawn with visx in the app's chart style.
// Lines differ by colour and by dash and marker shape, so they are told apart without colour; the
// picture is `role="img"` with its title and a one-line summary, and every view shows its numbers as a
// table beside it (the chart repeats them, it is never their only form).
import { useId } from "react";
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear, scalePoint } from "@visx/scale";
import { LinePath } from "@visx/shape";
import { useWidth } from "@/components/charts/use-width";

export interface PercentSeries {
  name: string;
  /** One value per label; null where there is none (the line skips it). */
  values: (number | null)[];
}

const TEXT = "var(--color-base-content)";
const GRID = "color-mix(in oklab, var(--color-base-content) 15%, transparent)";
/**
 * Line colours, far apart in hue (graphics need 3:1 against the surface: the theme's yellow is mixed
 * half with the text colour, as the score tiers' text is, to keep it in both themes).
 */
const COLOURS = [
  "var(--color-primary)",
  "color-mix(in oklab, var(--color-warning) 50%, var(--color-base-content))",
  "var(--color-success)",
  "var(--color-error)",
  "var(--color-info)",
  "var(--color-secondary)",
  "var(--color-accent)",
];
const DASHES = [undefined, "6 4", "2 3", "10 3 2 3", "4 4", "1 4", "8 2"];
type Marker = "circle" | "square" | "triangle" | "diamond";
const MARKERS: Marker[] = ["circle", "square", "triangle", "diamond"];

export const seriesStyle = (i: number) => ({
  colour: COLOURS[i % COLOURS.length],
  dash: DASHES[i % DASHES.length],
  marker: MARKERS[i % MARKERS.length],
  width: i === 0 ? 3 : 2,
});

function MarkerShape({ kind, x, y, fill }: { kind: Marker; x: number; y: number; fill: string }) {
  const r = 4;
  if (kind === "square") return <rect x={x - r} y={y - r} width={r * 2} height={r * 2} fill={fill} />;
  if (kind === "triangle") return <polygon points={`${x},${y - r - 1} ${x - r - 1},${y + r} ${x + r + 1},${y + r}`} fill={fill} />;
  if (kind === "diamond") return <polygon points={`${x},${y - r - 1} ${x + r + 1},${y} ${x},${y + r + 1} ${x - r - 1},${y}`} fill={fill} />;
  return <circle cx={x} cy={y} r={r} fill={fill} />;
}

function Lines({ labels, series, width, height }: { labels: string[]; series: PercentSeries[]; width: number; height: number }) {
  const margin = { top: 10, right: 16, bottom: 28, left: 40 };
  const innerW = Math.max(40, width - margin.left - margin.right);
  const innerH = height - margin.top - margin.bottom;
  const x = scalePoint<string>({ domain: labels.map((_, i) => String(i)), range: [0, innerW], padding: 0.3 });
  const y = scaleLinear<number>({ domain: [0, 100], range: [innerH, 0] });
  const at = (i: number) => x(String(i)) ?? 0;
  return (
    <Group left={margin.left} top={margin.top}>
      {[0, 25, 50, 75, 100].map((t) => (
        <line key={t} x1={0} x2={innerW} y1={y(t)} y2={y(t)} stroke={GRID} />
      ))}
      {series.map((s, i) => {
        const style = seriesStyle(i);
        const points = s.values.flatMap((v, j) => (v === null ? [] : [{ j, v }]));
        return (
          <Group key={s.name}>
            <LinePath
              data={points}
              x={(p) => at(p.j)}
              y={(p) => y(p.v)}
              stroke={style.colour}
              strokeWidth={style.width}
              strokeDasharray={style.dash}
            />
            {points.map((p) => (
              <MarkerShape key={p.j} kind={style.marker} x={at(p.j)} y={y(p.v)} fill={style.colour} />
            ))}
          </Group>
        );
      })}
      <AxisLeft
        scale={y}
        tickValues={[0, 25, 50, 75, 100]}
        tickFormat={(v) => `${String(v)}%`}
        stroke={TEXT}
        tickStroke={TEXT}
        tickLabelProps={{ fill: TEXT, fontSize: 11, textAnchor: "end", dx: -2, dy: 3 }}
      />
      <AxisBottom
        top={innerH}
        scale={x}
        tickFormat={(i) => labels[Number(i)] ?? ""}
        stroke={TEXT}
        tickStroke={TEXT}
        tickLabelProps={{ fill: TEXT, fontSize: 11, textAnchor: "middle" }}
      />
    </Group>
  );
}

/** The legend: each series' name beside a sample of its line and marker. */
export function PercentLegend({ series }: { series: PercentSeries[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
      {series.map((s, i) => {
        const style = seriesStyle(i);
        return (
          <li key={s.name} className="flex items-center gap-1.5">
            <svg width="28" height="12" className="shrink-0">
              <line x1="0" x2="28" y1="6" y2="6" stroke={style.colour} strokeWidth={style.width} strokeDasharray={style.dash} />
              <MarkerShape kind={style.marker} x={14} y={6} fill={style.colour} />
            </svg>
            {s.name}
          </li>
        );
      })}
    </ul>
  );
}

export interface PercentLinesProps {
  title: string;
  /** One sentence with what the picture shows (its accessible description). */
  summary: string;
  /** The x axis: one short label per point (e.g. 1회, 2회). */
  labels: string[];
  series: PercentSeries[];
  height?: number;
  /** A fixed width (print, where nothing is measured); else the container's. */
  width?: number;
  testId?: string;
}

/** The chart with its legend; its numbers are the caller's table. */
export function PercentLines({ title, summary, labels, series, height = 240, width, testId }: PercentLinesProps) {
  const measured = useWidth<HTMLDivElement>();
  const titleId = useId();
  const descId = useId();
  return (
    <div className="space-y-2" data-testid={testId}>
      <p id={titleId} className="sr-only">
        {title}
      </p>
      <p id={descId} className="sr-only">
        {summary}
      </p>
      <div ref={measured.ref} className="w-full">
        <svg
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          width={width ?? measured.width}
          height={height}
          className="block max-w-full overflow-visible"
        >
          <g aria-hidden="true">
            <Lines labels={labels} series={series} width={width ?? measured.width} height={height} />
          </g>
        </svg>
      </div>
      <PercentLegend series={series} />
    </div>
  );
}
