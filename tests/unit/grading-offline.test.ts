import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gradeOffline, measure } from "../../supabase/functions/api/grading/offline.ts";
import { DEFAULT_RUBRIC } from "@shared/grading.ts";
import { parseRubric } from "../../supabase/functions/api/grading/rubric.ts";

const dir = join(import.meta.dirname, "../fixtures/essays");
const read = (name: string) => readFileSync(join(dir, `${name}.txt`), "utf8");
const prompt = read("prompt");

describe("offline analyzer", () => {
  it("ranks Korean essays of clearly different quality in the expected order", () => {
    const scores = ["strong", "medium", "short150", "weak"].map((n) => gradeOffline(read(n), prompt, DEFAULT_RUBRIC).overallScore);
    expect(scores[0]).toBeGreaterThan(scores[1]);
    expect(scores[1]).toBeGreaterThan(scores[2]);
    expect(scores[2]).toBeGreaterThanOrEqual(scores[3]);
  });

  it("scores a well-structured ~1,200-character essay clearly above a 150-character one-paragraph answer", () => {
    const strong = read("strong");
    const short = read("short150");
    expect(strong.length).toBeGreaterThan(1000);
    expect(short.length).toBeLessThan(200);
    const a = gradeOffline(strong, prompt, DEFAULT_RUBRIC).overallScore;
    const b = gradeOffline(short, prompt, DEFAULT_RUBRIC).overallScore;
    expect(a - b).toBeGreaterThanOrEqual(40);
  });

  it("is deterministic", () => {
    const essay = read("medium");
    expect(gradeOffline(essay, prompt, DEFAULT_RUBRIC)).toEqual(gradeOffline(essay, prompt, DEFAULT_RUBRIC));
  });

  it("measures structure, connectives and evidence from the text", () => {
    const m = measure(read("strong"), prompt);
    expect(m.paragraphs).toBeGreaterThanOrEqual(5);
    expect(m.hasIntro).toBe(true);
    expect(m.hasConclusion).toBe(true);
    expect(m.distinctConnectives).toBeGreaterThanOrEqual(5);
    expect(m.evidenceMarkers).toBeGreaterThanOrEqual(4);
    expect(m.target).toBe(800);
    const weak = measure(read("weak"), prompt);
    expect(weak.paragraphs).toBe(1);
    expect(weak.hasConclusion).toBe(false);
  });

  it("flags an off-topic answer and scores it below an on-topic one of similar length", () => {
    const off = gradeOffline(read("offtopic"), prompt, DEFAULT_RUBRIC);
    const on = gradeOffline(read("medium"), prompt, DEFAULT_RUBRIC);
    expect(off.flags).toContain("off_topic");
    expect(off.overallScore).toBeLessThan(on.overallScore);
  });

  it("produces the result shape of the AI grader, labelled as not AI", () => {
    const r = gradeOffline(read("strong"), prompt, DEFAULT_RUBRIC);
    expect(r.grader).toBe("offline");
    expect(r.maxScore).toBe(100);
    expect(r.categoryScores.map((c) => c.name)).toEqual(["논리 구조", "근거의 타당성", "언어 표현"]);
    for (const c of r.categoryScores) {
      expect(c.score).toBeGreaterThanOrEqual(0);
      expect(c.score).toBeLessThanOrEqual(c.maxScore);
      expect(c.feedback.length).toBeGreaterThan(10);
    }
    expect(r.overallScore).toBeCloseTo(
      r.categoryScores.reduce((s, c) => s + c.score, 0),
      5,
    );
    expect(r.detailedFeedback).toContain("AI가 아닌");
    expect(r.suggestions.length).toBeGreaterThan(0);
  });

  it("grades against a teacher's rubric with its own categories and points", () => {
    const rubric = parseRubric("1. 논리적 구성 (50점)\n2. 근거 활용: 30점\n3) 맞춤법과 표현 20점");
    expect(rubric).toEqual([
      { name: "논리적 구성", maxScore: 50, description: undefined },
      { name: "근거 활용", maxScore: 30, description: undefined },
      { name: "맞춤법과 표현", maxScore: 20, description: undefined },
    ]);
    const r = gradeOffline(read("strong"), prompt, rubric);
    expect(r.maxScore).toBe(100);
    expect(r.categoryScores.map((c) => c.maxScore)).toEqual([50, 30, 20]);
  });

  it("falls back to the default three categories summing to 100 without usable criteria", () => {
    expect(parseRubric(null)).toEqual(DEFAULT_RUBRIC);
    expect(parseRubric("성실하게 작성했는지 본다.")).toEqual(DEFAULT_RUBRIC);
    expect(DEFAULT_RUBRIC.reduce((s, c) => s + c.maxScore, 0)).toBe(100);
  });

  it("always gives concrete next steps drawn from the text itself", () => {
    for (const name of ["strong", "medium", "short150", "weak", "offtopic"]) {
      const r = gradeOffline(read(name), prompt, DEFAULT_RUBRIC);
      expect(r.improvementAreas.length, name).toBeGreaterThanOrEqual(2);
      expect(r.suggestions.length, name).toBeGreaterThanOrEqual(3);
      expect(new Set(r.suggestions).size, name).toBe(r.suggestions.length);
    }
    const strong = gradeOffline(read("strong"), prompt, DEFAULT_RUBRIC);
    expect(strong.strengths.join(" ")).toContain("반대 의견");
    expect(strong.improvementAreas.join(" ")).toMatch(/‘수업’\(7회\)/);
    const medium = gradeOffline(read("medium"), prompt, DEFAULT_RUBRIC);
    expect(medium.improvementAreas.join(" ")).toContain("반론");
    expect(medium.suggestions.join(" ")).toContain("물론 ~라는 의견도 있다");
  });

  it("does not count the question's own key words as repetition", () => {
    const m = measure(read("strong"), prompt);
    expect(m.repeatedWords.map((r) => r.word)).not.toContain("스마트폰");
  });
});
