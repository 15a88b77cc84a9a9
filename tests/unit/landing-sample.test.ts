// The landing's bundled report preview quotes the real sample answer, the essay-tab hint's
// file-name examples are ones the student-name recognition understands, and the sample answers are
// long enough to be graded.
import { describe, expect, it } from "vitest";
import preview from "@/features/landing/data/sample-report.json";
import { ONBOARDING_MESSAGES } from "@/features/sessions/onboarding-messages";
import { SAMPLE_ANSWERS } from "@shared/sample-essay.ts";
import { isValidStudent, parseStudentFilename } from "@shared/student-filename.ts";

describe("landing report preview (data/sample-report.json)", () => {
  it("is an excerpt of the bundled strong sample answer, and every mark quotes the excerpt", () => {
    const strong = SAMPLE_ANSWERS.find((a) => a.studentName === preview.studentName)!;
    expect(strong.essay.startsWith(preview.excerpt)).toBe(true);
    for (const mark of preview.marks) expect(preview.excerpt).toContain(mark.quote);
  });

  it("adds up: the category scores make the overall score", () => {
    expect(preview.categories.reduce((sum, c) => sum + c.score, 0)).toBe(preview.overallScore);
    expect(preview.categories.reduce((sum, c) => sum + c.maxScore, 0)).toBe(preview.maxScore);
  });
});

describe("essay-tab hint", () => {
  it.each(ONBOARDING_MESSAGES.hints.essay.examples)("its example %s parses to a valid name and number", (name) => {
    const parsed = parseStudentFilename(name);
    expect(isValidStudent(parsed), JSON.stringify(parsed)).toBe(true);
  });
});

describe("bundled sample answers", () => {
  it("are three distinct students, each at least 100 characters (the minimum essay length)", () => {
    expect(new Set(SAMPLE_ANSWERS.map((a) => a.studentName)).size).toBe(3);
    for (const a of SAMPLE_ANSWERS) expect([...a.essay.trim()].length).toBeGreaterThanOrEqual(100);
  });
});
