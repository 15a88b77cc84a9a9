// The edited rubric's schema (one for the SPA form and the API) and which rubric a session grades with.
import { describe, expect, it } from "vitest";
import { rubricSchema, rubricTotal, sessionSetupSchema } from "@shared/session-setup.ts";
import { sessionRubric } from "../../supabase/functions/api/grading/rubric.ts";

describe("rubricSchema", () => {
  it("cleans names (NFC, spaces) and drops an empty description", () => {
    const parsed = rubricSchema.parse([
      { name: "  논리\t구조 ", maxScore: 40, description: "  " },
      { name: "표현", maxScore: 60 },
    ]);
    expect(parsed).toEqual([
      { name: "논리 구조", maxScore: 40 },
      { name: "표현", maxScore: 60 },
    ]);
    expect(rubricTotal(parsed)).toBe(100);
  });

  it("refuses names that differ only in spacing, and a total over 1000, in Korean", () => {
    const dup = rubricSchema.safeParse([
      { name: "논리", maxScore: 1 },
      { name: "논 리", maxScore: 1 },
    ]);
    expect(dup.success).toBe(false);
    expect(dup.error?.issues[0].message).toMatch(/두 번 있습니다/);
    const big = rubricSchema.safeParse([
      { name: "가", maxScore: 1000 },
      { name: "나", maxScore: 1 },
    ]);
    expect(big.error?.issues[0].message).toBe("배점 합계는 1000점을 넘을 수 없습니다.");
  });

  it("refuses unknown keys in the PATCH body", () => {
    expect(sessionSetupSchema.safeParse({ title: "가", user_id: "x" }).success).toBe(false);
  });
});

describe("sessionRubric", () => {
  const criteria = "1. 논리 구조 (40점)\n2. 표현 (60점)";
  it("uses the stored rubric when it is valid, else reads the criteria", () => {
    expect(sessionRubric([{ name: "주장", maxScore: 100 }], criteria)).toEqual([{ name: "주장", maxScore: 100 }]);
    expect(sessionRubric(null, criteria).map((c) => c.name)).toEqual(["논리 구조", "표현"]);
    expect(sessionRubric([{ name: "x", maxScore: 1.5 }], criteria).map((c) => c.name)).toEqual(["논리 구조", "표현"]);
  });
});
