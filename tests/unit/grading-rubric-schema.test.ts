// The JSON schemas sent to the model are built from the rubric the grading runs under.
import { describe, expect, it } from "vitest";
import { ANNOTATION_KINDS, DEFAULT_RUBRIC, type RubricCategory } from "@shared/grading.ts";
import {
  categoriesAsList,
  criterionJsonSchema,
  gradeJsonSchema,
  llmGradeSchema,
  overallJsonSchema,
} from "../../supabase/functions/api/grading/schemas.ts";
import { checkGrade, problemCount } from "../../supabase/functions/api/grading/rubric-check.ts";

const RUBRIC: RubricCategory[] = [
  { name: "주장의 명료성", maxScore: 20 },
  { name: "근거 활용", maxScore: 50 },
  { name: "표현", maxScore: 30 },
];

type Schema = {
  type?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: unknown;
  items?: Schema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
};

/** Every object node of a schema (OpenAI strict mode applies to each). */
function objects(s: Schema, out: Schema[] = []): Schema[] {
  if (s.type === "object") out.push(s);
  for (const p of Object.values(s.properties ?? {})) objects(p, out);
  if (s.items) objects(s.items, out);
  return out;
}

describe("rubric-true JSON schemas", () => {
  it("require one entry per rubric category, keyed by its exact name, each score bounded 0..its points", () => {
    const s = gradeJsonSchema(RUBRIC) as Schema;
    const cats = s.properties!.categories;
    expect(Object.keys(cats.properties!)).toEqual(RUBRIC.map((c) => c.name));
    expect(cats.required).toEqual(RUBRIC.map((c) => c.name));
    expect(cats.additionalProperties).toBe(false);
    for (const c of RUBRIC) {
      const score = cats.properties![c.name].properties!.score;
      expect(score).toMatchObject({ type: "number", minimum: 0, maximum: c.maxScore });
    }
    // A different rubric gives a different schema: nothing is fixed per service.
    expect(Object.keys((gradeJsonSchema(DEFAULT_RUBRIC) as Schema).properties!.categories.properties!)).toEqual(
      DEFAULT_RUBRIC.map((c) => c.name),
    );
  });

  it("limit annotation categories and kinds to enums", () => {
    for (const s of [gradeJsonSchema(RUBRIC), overallJsonSchema(RUBRIC)] as Schema[]) {
      const item = s.properties!.annotations.items!;
      expect(item.properties!.category.enum).toEqual(RUBRIC.map((c) => c.name));
      expect(item.properties!.kind.enum).toEqual([...ANNOTATION_KINDS]);
    }
    expect((overallJsonSchema(RUBRIC) as Schema).properties!.categories).toBeUndefined();
  });

  it("bound a per-criterion call's score by that category's points", () => {
    expect((criterionJsonSchema(RUBRIC[1]) as Schema).properties!.score).toMatchObject({ minimum: 0, maximum: 50 });
  });

  it("fit OpenAI strict mode: every object requires all its properties and allows no others", () => {
    for (const s of [gradeJsonSchema(RUBRIC), overallJsonSchema(RUBRIC), criterionJsonSchema(RUBRIC[0])] as Schema[]) {
      for (const o of objects(s)) {
        expect(o.additionalProperties).toBe(false);
        expect([...(o.required ?? [])].sort()).toEqual(Object.keys(o.properties ?? {}).sort());
      }
    }
  });

  it("leave numeric bounds out on request (endpoints that refuse them) but keep them in the description", () => {
    const s = gradeJsonSchema(RUBRIC, { bounds: false });
    expect(JSON.stringify(s)).not.toMatch(/"minimum"|"maximum"/);
    expect(JSON.stringify(s)).toContain("0점부터 50점까지");
  });
});

describe("reading and checking the model's categories", () => {
  const base = {
    strengths: [],
    improvementAreas: [],
    detailedFeedback: "",
    suggestions: [],
    onTopic: true,
    manipulationAttempt: false,
    annotations: [],
  };

  it("reads the keyed categories as a list and finds none missing when all are there", () => {
    const parsed = categoriesAsList({
      ...base,
      categories: Object.fromEntries(RUBRIC.map((c) => [c.name, { score: c.maxScore / 2, feedback: "f" }])),
    });
    const grade = llmGradeSchema.parse(parsed);
    expect(grade.categories.map((c) => c.name)).toEqual(RUBRIC.map((c) => c.name));
    expect(problemCount(checkGrade(grade, RUBRIC))).toBe(0);
  });

  it("sees a renamed, an omitted category and a bad annotation category", () => {
    const grade = llmGradeSchema.parse(
      categoriesAsList({
        ...base,
        categories: { "글의 짜임새": { score: 10, feedback: "" }, "근거 활용": { score: 40, feedback: "" } },
        annotations: [{ quote: "q", category: "창의성", kind: "질문", comment: "c", rewrite: null }],
      }),
    );
    const check = checkGrade(grade, RUBRIC);
    expect(check.missing).toEqual(["주장의 명료성", "표현"]);
    expect(check.unknown).toEqual(["글의 짜임새"]);
    expect(check.badAnnotationCategories).toEqual(["창의성"]);
    expect(problemCount(check)).toBeGreaterThan(0);
  });
});
