// Whether the model's output is true to the rubric the grading runs under: every category scored
// once under a rubric name, every annotation labelled with a rubric name. A grade that is not is
// asked for once more (modes.ts); what is still missing then is flagged for the teacher
// (grade.ts), never scored as a silent 0.
import type { RubricCategory } from "../../_shared/grading.ts";
import type { LlmAnnotation, LlmGrade } from "./schemas.ts";
import { resolveCategory } from "./annotations.ts";

export interface RubricCheck {
  /** Rubric categories the output does not score. */
  missing: string[];
  /** Category names in the output that are no rubric category (or repeat one). */
  unknown: string[];
  /** Annotation categories that are no rubric category. */
  badAnnotationCategories: string[];
}

/** The rubric category each of the grade's entries scores (null: none, or one already scored). */
export function matchCategories(grade: Pick<LlmGrade, "categories">, rubric: readonly RubricCategory[]): (string | null)[] {
  const used = new Set<string>();
  return grade.categories.map((g) => {
    const name = resolveCategory(g.name, rubric);
    if (!name || used.has(name) || !Number.isFinite(g.score)) return null;
    used.add(name);
    return name;
  });
}

/** Annotation categories that name no rubric category. */
export function badAnnotationCategories(annotations: readonly LlmAnnotation[], rubric: readonly RubricCategory[]): string[] {
  return [...new Set(annotations.filter((a) => !resolveCategory(a.category, rubric)).map((a) => a.category))];
}

export function checkGrade(grade: LlmGrade, rubric: readonly RubricCategory[]): RubricCheck {
  const matched = matchCategories(grade, rubric);
  return {
    missing: rubric.filter((c) => !matched.includes(c.name)).map((c) => c.name),
    unknown: grade.categories.filter((_, i) => matched[i] === null).map((g) => g.name),
    badAnnotationCategories: badAnnotationCategories(grade.annotations, rubric),
  };
}

/** How far the output is from the rubric (0: true to it); the better of two outputs is kept. */
export function problemCount(c: RubricCheck): number {
  return c.missing.length * 100 + c.unknown.length * 10 + c.badAnnotationCategories.length;
}

/** The reason shown with 확인 필요 when categories are still missing after the second call. */
export function missingCategoriesReason(missing: readonly string[]): string {
  const names = missing.map((n) => `‘${n}’`).join(", ");
  return `AI 채점 결과에 ${names} 항목이 없어 점수를 매기지 못했습니다. 총점에는 이 항목이 빠져 있으니 점수를 확인해 입력해 주세요.`;
}

/** The feedback of a category the model did not score. */
export const MISSING_CATEGORY_FEEDBACK = "AI 채점 결과에 이 항목이 없어 점수를 매기지 못했습니다. 교사가 확인해 점수를 입력해 주세요.";
