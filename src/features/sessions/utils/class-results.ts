// The class as a whole: the dashboard's view (목록 / 표 / 요약) in the URL,
// the results table's rows, search and status filter, and the summary's statistics (histogram,
// spread, averages per category, flag counts). Pure functions; the components only draw them.
import type { GradeFlag } from "@shared/grading.ts";
import { compareStudentNumbers } from "@shared/student-order.ts";
import type { Submission, SubmissionStatus } from "@shared/types.ts";
import { displayStudent, STATUS_LABELS } from "@/features/sessions/utils/submission-stats";

// --- The dashboard's view ------------------------------------------------------------------

export type DashboardView = "list" | "table" | "summary";

export const DASHBOARD_VIEWS: readonly { value: DashboardView; label: string }[] = [
  { value: "list", label: "목록" },
  { value: "table", label: "표" },
  { value: "summary", label: "요약" },
];

/** The view a `?view=` value names; anything else is the list. */
export function dashboardViewFromUrl(param: string | null | undefined): DashboardView {
  return DASHBOARD_VIEWS.some((v) => v.value === param) ? (param as DashboardView) : "list";
}

/** The query string (with `?`, or "") showing `view`, other parameters kept; the list has no `view`. */
export function dashboardViewSearch(search: string, view: DashboardView): string {
  const params = new URLSearchParams(search);
  if (view === "list") params.delete("view");
  else params.set("view", view);
  const next = params.toString();
  return next ? `?${next}` : "";
}

// --- Rows of the table -----------------------------------------------------------------------

export interface ResultCategory {
  name: string;
  maxScore: number;
}

export interface ResultRow {
  id: string;
  name: string;
  studentId: string;
  status: SubmissionStatus;
  total: number | null;
  maxScore: number | null;
  /** Score per category name (completed answers only). */
  scores: Record<string, number>;
  flags: GradeFlag[];
  submission: Submission;
}

/** The rubric categories of the class in order of first appearance, each with its largest maximum. */
export function resultCategories(submissions: readonly Submission[]): ResultCategory[] {
  const byName = new Map<string, ResultCategory>();
  for (const s of submissions) {
    if (s.status !== "completed") continue;
    for (const c of s.result?.categoryScores ?? []) {
      const seen = byName.get(c.name);
      if (!seen) byName.set(c.name, { name: c.name, maxScore: c.maxScore });
      else if (c.maxScore > seen.maxScore) seen.maxScore = c.maxScore;
    }
  }
  return [...byName.values()];
}

export function resultRows(submissions: readonly Submission[]): ResultRow[] {
  return submissions.map((s) => {
    const done = s.status === "completed" && s.result != null;
    return {
      id: s.id,
      name: displayStudent(s),
      studentId: s.studentId ?? "",
      status: s.status,
      total: done ? s.result!.overallScore : null,
      maxScore: done ? s.result!.maxScore : null,
      scores: done ? Object.fromEntries((s.result!.categoryScores ?? []).map((c) => [c.name, c.score])) : {},
      flags: done ? (s.result!.flags ?? []) : [],
      submission: s,
    };
  });
}

export type StatusFilter = SubmissionStatus | "all";

export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: "all", label: "전체" },
  { value: "completed", label: STATUS_LABELS.completed },
  { value: "analyzing", label: STATUS_LABELS.analyzing },
  { value: "pending", label: STATUS_LABELS.pending },
  { value: "error", label: STATUS_LABELS.error },
];

const normalize = (s: string) => s.normalize("NFC").toLocaleLowerCase("ko-KR").replace(/\s+/g, "");

/** Rows whose name or 수험번호 contains the query (spaces and case ignored) and whose status matches. */
export function filterResultRows(rows: readonly ResultRow[], query: string, status: StatusFilter): ResultRow[] {
  const q = normalize(query);
  return rows.filter(
    (r) => (status === "all" || r.status === status) && (!q || normalize(r.name).includes(q) || normalize(r.studentId).includes(q)),
  );
}

// --- Sorting (ascending comparators; the table reverses them for descending) -----------------

const collator = new Intl.Collator("ko", { numeric: true, sensitivity: "base" });

export const compareNames = (a: string, b: string): number => collator.compare(a, b);

/** 수험번호 as read (2 before 10), empty ones last. */
export const compareStudentIds = (a: string, b: string): number => compareStudentNumbers(a, b);

const STATUS_ORDER: Record<SubmissionStatus, number> = { completed: 0, analyzing: 1, pending: 2, error: 3 };

export const compareStatuses = (a: SubmissionStatus, b: SubmissionStatus): number => STATUS_ORDER[a] - STATUS_ORDER[b];

export type ListOrder = "studentId" | "name" | "recent";

export const LIST_ORDERS: readonly { value: ListOrder; label: string }[] = [
  { value: "studentId", label: "수험번호순" },
  { value: "name", label: "이름순" },
  { value: "recent", label: "최근 제출순" },
];

/**
 * The dashboard list in `order`: 수험번호 as read (2 before 10; answers without one after, by name),
 * by name (then 수험번호), or newest first. Ties keep the API's order.
 */
export function sortSubmissions<T extends Pick<Submission, "id" | "studentName" | "studentId" | "submittedAt">>(
  list: readonly T[],
  order: ListOrder,
): T[] {
  const name = (s: T) => displayStudent(s);
  const cmp: Record<ListOrder, (a: T, b: T) => number> = {
    studentId: (a, b) => compareStudentIds(a.studentId ?? "", b.studentId ?? "") || compareNames(name(a), name(b)),
    name: (a, b) => compareNames(name(a), name(b)) || compareStudentIds(a.studentId ?? "", b.studentId ?? ""),
    recent: (a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt),
  };
  return [...list].sort(cmp[order]);
}

// --- Statistics --------------------------------------------------------------------------------

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One decimal at most (80, 72.5, 33.3). */
export const round1 = (n: number): number => Math.round(n * 10) / 10;

export interface Spread {
  min: number;
  median: number;
  max: number;
  mean: number;
  count: number;
}

export function spread(values: readonly number[]): Spread | null {
  if (values.length === 0) return null;
  return {
    min: Math.min(...values),
    median: median(values)!,
    max: Math.max(...values),
    mean: round1(values.reduce((a, b) => a + b, 0) / values.length),
    count: values.length,
  };
}

export interface HistogramBin {
  /** Inclusive lower bound. */
  from: number;
  /** Upper bound: exclusive, except the last bin's, which holds the maximum itself. */
  to: number;
  count: number;
  label: string;
}

const fmt = (n: number) => String(round1(n));

/**
 * `binCount` equal bins over [0, max]: a score s is in bin floor(s / width), the maximum in the last
 * one; scores outside [0, max] are clamped into the first or last bin.
 */
export function histogramBins(scores: readonly number[], max: number, binCount = 10): HistogramBin[] {
  const n = Math.max(1, Math.floor(binCount));
  const top = max > 0 ? max : 1;
  const width = top / n;
  const bins: HistogramBin[] = Array.from({ length: n }, (_, i) => {
    const from = round1(i * width);
    const to = i === n - 1 ? top : round1((i + 1) * width);
    return { from, to, count: 0, label: `${fmt(from)}~${fmt(to)}` };
  });
  for (const s of scores) {
    if (!Number.isFinite(s)) continue;
    const i = Math.min(n - 1, Math.max(0, Math.floor(s / width + 1e-9)));
    bins[i].count += 1;
  }
  return bins;
}

export interface CategoryAverage extends ResultCategory {
  average: number;
  /** Answers with a score in this category. */
  count: number;
}

export const FLAG_SHORT_LABELS: Record<GradeFlag, string> = {
  off_topic: "주제 이탈",
  too_short: "분량 부족",
  blank: "빈 답안",
  manipulation: "조작 시도",
  needs_check: "점수 편차 큼",
  missing_category: "채점 누락 항목",
};

/** Always shown (the three); the other flags only when some answer has them. */
const MAIN_FLAGS: readonly GradeFlag[] = ["off_topic", "too_short", "manipulation"];
const OTHER_FLAGS: readonly GradeFlag[] = ["blank", "needs_check"];

export interface FlagCount {
  flag: GradeFlag;
  label: string;
  count: number;
}

export interface ClassSummary {
  /** Completed answers counted. */
  completed: number;
  /** The scale of the totals: their maximum when all share one, else 100 (totals as percentages). */
  scale: { max: number; unit: "점" | "%" };
  totals: number[];
  spread: Spread | null;
  histogram: HistogramBin[];
  categories: CategoryAverage[];
  flags: FlagCount[];
  flaggedAnswers: number;
}

/** Everything the summary view draws, from the completed answers of the list. */
export function classSummary(submissions: readonly Submission[], binCount = 10): ClassSummary {
  const done = submissions.filter((s) => s.status === "completed" && s.result != null);
  const maxima = new Set(done.map((s) => s.result!.maxScore));
  const shared = maxima.size <= 1;
  const scaleMax = shared ? ([...maxima][0] ?? 100) : 100;
  const totals = done.map((s) => (shared ? s.result!.overallScore : round1((s.result!.overallScore / (s.result!.maxScore || 1)) * 100)));
  const categories = resultCategories(done).map((c) => {
    const scores = done.flatMap((s) => (s.result!.categoryScores ?? []).filter((x) => x.name === c.name).map((x) => x.score));
    return { ...c, average: scores.length ? round1(scores.reduce((a, b) => a + b, 0) / scores.length) : 0, count: scores.length };
  });
  const counts = new Map<GradeFlag, number>();
  for (const s of done) for (const f of new Set(s.result!.flags ?? [])) counts.set(f, (counts.get(f) ?? 0) + 1);
  const flags = [...MAIN_FLAGS, ...OTHER_FLAGS.filter((f) => counts.get(f))].map((flag) => ({
    flag,
    label: FLAG_SHORT_LABELS[flag],
    count: counts.get(flag) ?? 0,
  }));
  return {
    completed: done.length,
    scale: { max: scaleMax, unit: shared ? "점" : "%" },
    totals,
    spread: spread(totals),
    histogram: histogramBins(totals, scaleMax, binCount),
    categories,
    flags,
    flaggedAnswers: done.filter((s) => (s.result!.flags ?? []).length > 0).length,
  };
}
