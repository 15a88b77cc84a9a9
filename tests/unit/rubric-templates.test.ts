import { describe, expect, it } from "vitest";
import { RUBRIC_TEMPLATES, isBuiltInRubricId, rubricTemplate } from "../../supabase/functions/_shared/rubric-templates.ts";
import { rubricSchema, rubricTotal } from "../../supabase/functions/_shared/session-setup.ts";
import { LIBRARY_LIMITS, rubricInputSchema } from "../../supabase/functions/_shared/library.ts";

describe("built-in rubric templates", () => {
  it("are the five common forms of 논술, each under its own builtin- id", () => {
    expect(RUBRIC_TEMPLATES.map((t) => t.name)).toEqual(["인문 논술", "사회 현상 분석", "찬반 논증", "자료 해석", "요약·비판"]);
    expect(new Set(RUBRIC_TEMPLATES.map((t) => t.id)).size).toBe(5);
    for (const t of RUBRIC_TEMPLATES) {
      expect(isBuiltInRubricId(t.id)).toBe(true);
      expect(rubricTemplate(t.id)).toBe(t);
    }
  });

  it.each(RUBRIC_TEMPLATES.map((t) => [t.name, t] as const))("%s is a valid session rubric, stored exactly as written", (_name, t) => {
    expect(rubricSchema.parse(t.criteria)).toEqual(t.criteria);
    // and can be saved as one's own as it is
    expect(rubricInputSchema.parse({ name: t.name, description: t.description, criteria: t.criteria })).toMatchObject({
      name: t.name,
      description: t.description,
      criteria: t.criteria,
    });
    expect(t.description.length).toBeLessThanOrEqual(LIBRARY_LIMITS.descriptionChars);
  });

  it.each(RUBRIC_TEMPLATES.map((t) => [t.name, t] as const))("%s has 4–6 described categories worth 100 points, read-only", (_name, t) => {
    expect(t.criteria.length).toBeGreaterThanOrEqual(4);
    expect(t.criteria.length).toBeLessThanOrEqual(6);
    expect(rubricTotal(t.criteria)).toBe(100);
    for (const c of t.criteria) expect(c.description?.length ?? 0).toBeGreaterThan(15);
    expect(t).toMatchObject({ builtIn: true, canEdit: false, shared: false, mine: false });
  });

  it("no two templates are the same criteria", () => {
    const scales = RUBRIC_TEMPLATES.map((t) => JSON.stringify(t.criteria.map((c) => c.name)));
    expect(new Set(scales).size).toBe(RUBRIC_TEMPLATES.length);
  });
});
