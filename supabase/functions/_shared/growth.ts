// A student's growth over a term and a class's results across its assignments: the JSON the API
// returns (GET /students/:id, GET /classes/:id/matrix) and the pure rules behind it. Categories are
// matched by exact name across assignments and compared as a percent of each result's own maximum
// (rubrics differ between assignments); trends are told in words. The server, the screens and the
// class .xlsx share these rules (unit-tested in tests/unit/growth.test.ts).
import { ANNOTATION_KINDS, type AnnotationKind } from "./annotation-kinds.ts";
import { scorePercent } from "./format.ts";

/** One category of one result: its final score (the teacher's when reviewed) and its own maximum. */
export interface GrowthCategory {
  name: string;
  score: number;
  max: number;
  /** `score` as a whole percent of `max`. */
  percent: number;
}

/** One assignment's result of a student (the latest graded answer in that assignment). */
export interface GrowthResult {
  sessionId: string;
  sessionTitle: string;
  /** When the assignment was made (ISO). */
  sessionDate: string;
  submissionId: string;
  submittedAt: string;
  total: number;
  max: number;
  percent: number;
  categories: GrowthCategory[];
  /** 검토 완료 */
  reviewed: boolean;
  /** The teacher's final overall comment (종합 평가): the reviewed one, else the grader's. */
  comment: string;
}

export interface MarkKindCount {
  kind: AnnotationKind;
  count: number;
}

export interface MarkTopicCount {
  kind: AnnotationKind;
  category: string;
  count: number;
}

/** GET /students/:id */
export interface StudentHistory {
  student: {
    id: string;
    examNumber: string;
    name: string;
    notes: string;
    classes: { id: string; name: string; seatNumber: number | null }[];
  };
  /** Oldest first. */
  results: GrowthResult[];
  /** Every category name of the results, in order of first appearance. */
  categoryNames: string[];
  /** The trends in words, e.g. "근거의 타당성이 3회 연속 상승". */
  trends: string[];
  /** 첨삭 marks of the final versions by kind, most frequent first (kinds never used are left out). */
  markKinds: MarkKindCount[];
  /** The most frequent (kind, category) pairs, at most five. */
  markTopics: MarkTopicCount[];
}

/** One cell of the class matrix: a student's latest graded answer in an assignment. */
export interface MatrixCell {
  submissionId: string;
  score: number;
  max: number;
  percent: number;
  reviewed: boolean;
  categories: GrowthCategory[];
}

export interface MatrixAssignment {
  sessionId: string;
  title: string;
  date: string;
  /** Class average of the totals, as a percent (null when nobody was graded). */
  averagePercent: number | null;
  /** Class average per category name (percent of each result's own maximum). */
  categoryAverages: { name: string; percent: number; count: number }[];
  /** Students of the roster with no answer in this assignment. */
  notSubmitted: { id: string; name: string; examNumber: string }[];
}

export interface MatrixStudent {
  id: string;
  examNumber: string;
  name: string;
  seatNumber: number | null;
  /** One per assignment, in the order of `assignments`; null when no graded answer. */
  cells: (MatrixCell | null)[];
}

/** GET /classes/:id/matrix */
export interface ClassMatrix {
  class: { id: string; name: string };
  /** Oldest first. */
  assignments: MatrixAssignment[];
  students: MatrixStudent[];
  categoryNames: string[];
}

const num = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * A result's categories with percents: the stored category scores (jsonb, untrusted) whose maximum is
 * their own `maxScore`, else the maximum of that name in the result's rubric. Entries without a name,
 * a score or a positive maximum are left out.
 */
export function growthCategories(categoryScores: unknown, rubric: readonly { name: string; maxScore: number }[] = []): GrowthCategory[] {
  if (!Array.isArray(categoryScores)) return [];
  const out: GrowthCategory[] = [];
  for (const c of categoryScores) {
    if (!c || typeof c !== "object") continue;
    const o = c as Record<string, unknown>;
    if (typeof o.name !== "string") continue;
    const score = num(o.score);
    const max = num(o.maxScore) ?? rubric.find((r) => r.name === o.name)?.maxScore ?? null;
    if (score === null || max === null || max <= 0) continue;
    out.push({ name: o.name, score, max, percent: scorePercent(score, max) });
  }
  return out;
}

/** Category names in order of first appearance across results. */
export function categoryNamesOf(results: readonly { categories: readonly { name: string }[] }[]): string[] {
  const names: string[] = [];
  for (const r of results) for (const c of r.categories) if (!names.includes(c.name)) names.push(c.name);
  return names;
}

/**
 * The percent of category `name` in each result (exact name), null where that result has no such
 * category: the series a chart and a table draw.
 */
export function categorySeries(results: readonly { categories: readonly GrowthCategory[] }[], name: string): (number | null)[] {
  return results.map((r) => r.categories.find((c) => c.name === name)?.percent ?? null);
}

/**
 * The run of equal-direction steps that ends at the latest value: +n for n rises in a row, −n for n
 * falls, 0 when the last step is flat or there is none. Missing values (null) are skipped: a category
 * absent from an assignment is compared between the assignments that had it.
 */
export function latestRun(series: readonly (number | null)[]): number {
  const values = series.filter((v): v is number => v !== null);
  let run = 0;
  for (let i = values.length - 1; i > 0; i--) {
    const step = Math.sign(values[i] - values[i - 1]);
    if (step === 0) break;
    if (run !== 0 && Math.sign(run) !== step) break;
    run += step;
  }
  return run;
}

/** 이 after a final consonant, else 가 (a name ending in a Latin letter or digit takes 이(가)). */
export function subjectParticle(word: string): string {
  const last = word.trim().at(-1) ?? "";
  const code = last.charCodeAt(0) - 0xac00;
  if (code < 0 || code > 11171) return "이(가)";
  return code % 28 === 0 ? "가" : "이";
}

/** A trend must span at least this many consecutive steps to be told. */
export const TREND_MIN_STEPS = 2;

/**
 * The trends in words: the total, then each category, when its latest run of rises or falls spans
 * at least two steps: "총점 2회 연속 하락", "근거의 타당성이 3회 연속 상승".
 */
export function trendSentences(results: readonly Pick<GrowthResult, "percent" | "categories">[]): string[] {
  const sentences: string[] = [];
  const tell = (subject: string, run: number) => {
    if (Math.abs(run) >= TREND_MIN_STEPS) sentences.push(`${subject} ${Math.abs(run)}회 연속 ${run > 0 ? "상승" : "하락"}`);
  };
  tell("총점", latestRun(results.map((r) => r.percent)));
  for (const name of categoryNamesOf(results)) {
    tell(`${name}${subjectParticle(name)}`, latestRun(categorySeries(results, name)));
  }
  return sentences;
}

/** The kinds and (kind, category) pairs of 첨삭 marks over several results, most frequent first. */
export function markCounts(annotationLists: readonly unknown[]): { kinds: MarkKindCount[]; topics: MarkTopicCount[] } {
  const kinds = new Map<AnnotationKind, number>();
  const topics = new Map<string, MarkTopicCount>();
  for (const list of annotationLists) {
    if (!Array.isArray(list)) continue;
    for (const a of list) {
      if (!a || typeof a !== "object") continue;
      const { kind, category } = a as Record<string, unknown>;
      if (!(ANNOTATION_KINDS as readonly unknown[]).includes(kind)) continue;
      const k = kind as AnnotationKind;
      kinds.set(k, (kinds.get(k) ?? 0) + 1);
      if (typeof category === "string" && category !== "") {
        const key = JSON.stringify([k, category]);
        const t = topics.get(key) ?? { kind: k, category, count: 0 };
        t.count += 1;
        topics.set(key, t);
      }
    }
  }
  const order = (k: AnnotationKind) => ANNOTATION_KINDS.indexOf(k);
  return {
    kinds: [...kinds].map(([kind, count]) => ({ kind, count })).sort((a, b) => b.count - a.count || order(a.kind) - order(b.kind)),
    topics: [...topics.values()]
      .sort((a, b) => b.count - a.count || order(a.kind) - order(b.kind) || a.category.localeCompare(b.category, "ko"))
      .slice(0, 5),
  };
}

/** The average percent per category name over the given cells (exact names), in order of first appearance. */
export function categoryAverages(
  cells: readonly { categories: readonly GrowthCategory[] }[],
): { name: string; percent: number; count: number }[] {
  const sums = new Map<string, { sum: number; count: number }>();
  for (const c of cells) {
    for (const cat of c.categories) {
      const s = sums.get(cat.name) ?? { sum: 0, count: 0 };
      s.sum += cat.percent;
      s.count += 1;
      sums.set(cat.name, s);
    }
  }
  return [...sums].map(([name, { sum, count }]) => ({ name, percent: Math.round(sum / count), count }));
}

/** The mean of whole percents, rounded; null for none. */
export function averagePercent(values: readonly number[]): number | null {
  return values.length === 0 ? null : Math.round(values.reduce((s, v) => s + v, 0) / values.length);
}

/** An assignment's name as lists show it: its title, else its question file's name, else 논술 문제. */
export function assignmentTitle(title: string | null | undefined, promptFilename: string | null | undefined): string {
  return title?.trim() || promptFilename?.trim() || "논술 문제";
}
