// Results keep their rubric: the rubric a result was graded under (analysis_results.rubric), how
// it is read back, and when two rubrics are "the same" for comparing scores. The server (reports,
// CSV, the list, 전체 재채점) and the screens (table, summary, banner) share these rules.
import type { RubricCategory } from "./grading.ts";

/** The snapshot stored with a result: name, maxScore and description (when there is one) of each category. */
export function rubricSnapshot(rubric: readonly RubricCategory[]): RubricCategory[] {
  return rubric.map((c) => ({ name: c.name, maxScore: c.maxScore, ...(c.description ? { description: c.description } : {}) }));
}

/**
 * The rubric a result was graded under: its stored snapshot, else (a row written without one) the
 * names and maxima of its category scores. Entries that are not {name: string, maxScore: number}
 * are left out.
 */
export function resultRubric(stored: unknown, categoryScores?: unknown): RubricCategory[] {
  const read = (v: unknown): RubricCategory[] =>
    Array.isArray(v)
      ? v.flatMap((c) => {
          if (!c || typeof c !== "object") return [];
          const { name, maxScore, description } = c as Record<string, unknown>;
          if (typeof name !== "string" || typeof maxScore !== "number" || !Number.isFinite(maxScore)) return [];
          return [{ name, maxScore, ...(typeof description === "string" && description ? { description } : {}) }];
        })
      : [];
  const own = read(stored);
  return own.length > 0 ? own : read(categoryScores);
}

/**
 * The scale of a rubric: its categories' names and maxima in order (descriptions do not change a
 * score's meaning). Mirrors private.rubric_scale in the grading migration.
 */
export function rubricScale(rubric: readonly Pick<RubricCategory, "name" | "maxScore">[]): string {
  return JSON.stringify(rubric.map((c) => [c.name, Number(c.maxScore)]));
}

/** Whether scores graded under `a` compare with scores under `b` (same categories, order and maxima). */
export function sameRubricScale(
  a: readonly Pick<RubricCategory, "name" | "maxScore">[],
  b: readonly Pick<RubricCategory, "name" | "maxScore">[],
): boolean {
  return rubricScale(a) === rubricScale(b);
}

/** `논리 구조 (30) · 창의성 (10)`: a rubric in one line, for "graded under" notes. */
export function rubricLine(rubric: readonly Pick<RubricCategory, "name" | "maxScore">[]): string {
  return rubric.map((c) => `${c.name} (${c.maxScore})`).join(" · ");
}
