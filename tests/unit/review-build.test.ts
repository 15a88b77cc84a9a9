// The teacher's version of a result (supabase/functions/api/reports/build.ts): checked against the
// answer and the result's categories, the total recomputed, and one log entry per changed field.
import { describe, expect, it } from "vitest";
import { applyReview, diffFields, originalFields, reviewedReport, sharedReport } from "../../supabase/functions/api/reports/build.ts";
import type { ReviewBody } from "../../supabase/functions/_shared/review.ts";
import type { ReportData } from "../../supabase/functions/_shared/grading.ts";

const answer = "스마트폰 사용은 청소년에게 해롭다. 그러나 교육에 쓸 수도 있다.";
const row = {
  overall_score: 70,
  max_score: 100,
  category_scores: [
    { name: "논리 구조", score: 30, maxScore: 40, feedback: "좋음" },
    { name: "언어 표현", score: 40, maxScore: 60, feedback: "보통" },
  ],
  strengths: ["근거"],
  improvement_areas: ["반론"],
  detailed_feedback: "전체",
  suggestions: ["더 쓰기"],
  annotations: [{ start: 0, end: 4, quote: "스마트폰", kind: "질문", category: "논리 구조", comment: "왜?", rewrite: null, source: "ai" }],
  review: null,
  reviewed_at: null,
};
const original = originalFields(row, answer);
const body = (patch: Partial<ReviewBody> = {}): ReviewBody => ({
  categories: original.categories.map(({ name, score, feedback }) => ({ name, score, feedback })),
  strengths: original.strengths,
  improvementAreas: original.improvementAreas,
  detailedFeedback: original.detailedFeedback,
  suggestions: original.suggestions,
  annotations: original.annotations.map(({ source: _s, ...a }) => a),
  ...patch,
});

describe("applyReview", () => {
  it("recomputes the total from the category scores and keeps the original's maximum", () => {
    const b = body();
    b.categories[1].score = 55.5;
    const next = applyReview(b, original, answer, []);
    expect(next.overallScore).toBe(85.5);
    expect(next.maxScore).toBe(100);
    expect(next.annotations[0].source).toBe("ai");
  });

  it("refuses scores over a category's maximum, missing or extra categories, and misplaced or overlapping annotations", () => {
    const over = body();
    over.categories[0].score = 41;
    expect(() => applyReview(over, original, answer, [])).toThrow("'논리 구조' 점수는 0점에서 40점 사이로 입력해 주세요.");
    expect(() => applyReview(body({ categories: body().categories.slice(1) }), original, answer, [])).toThrow(/채점 항목/);
    const dup = body();
    dup.categories[1].name = "논리 구조";
    expect(() => applyReview(dup, original, answer, [])).toThrow(/채점 항목/);
    const shifted = body({
      annotations: [{ start: 1, end: 5, quote: "스마트폰", kind: "질문", category: "논리 구조", comment: "x", rewrite: null }],
    });
    expect(() => applyReview(shifted, original, answer, [])).toThrow(/답안과 일치하지/);
    const overlap = body({
      annotations: [
        { start: 0, end: 4, quote: "스마트폰", kind: "질문", category: "논리 구조", comment: "x", rewrite: null },
        { start: 2, end: 6, quote: answer.slice(2, 6), kind: "질문", category: "논리 구조", comment: "y", rewrite: null },
      ],
    });
    expect(() => applyReview(overlap, original, answer, [])).toThrow(/겹칩니다/);
    const unknown = body({
      annotations: [{ start: 0, end: 4, quote: "스마트폰", kind: "질문", category: "창의성", comment: "x", rewrite: null }],
    });
    expect(() => applyReview(unknown, original, answer, [])).toThrow(/평가 항목/);
    expect(applyReview(unknown, original, answer, ["창의성"]).annotations[0].category).toBe("창의성");
  });

  it("marks changed or new annotations as the teacher's and keeps a rewrite only for 고칠 점", () => {
    const b = body({
      annotations: [
        { start: 0, end: 4, quote: "스마트폰", kind: "질문", category: "논리 구조", comment: "바꾼 질문", rewrite: "무시" },
        {
          start: 20,
          end: 22,
          quote: answer.slice(20, 22),
          kind: "고칠 점",
          category: "언어 표현",
          comment: "고치기",
          rewrite: " 새 표현 ",
        },
      ],
    });
    const next = applyReview(b, original, answer, []);
    expect(next.annotations.map((a) => [a.source, a.rewrite])).toEqual([
      ["teacher", null],
      ["teacher", "새 표현"],
    ]);
  });
});

describe("diffFields and the report", () => {
  it("logs one entry per changed field and nothing for an unchanged version", () => {
    expect(diffFields(original, applyReview(body(), original, answer, []))).toEqual([]);
    const b = body({ strengths: ["근거", "구성"] });
    b.categories[0].score = 35;
    const changes = diffFields(original, applyReview(b, original, answer, []));
    expect(changes.map((c) => c.field)).toEqual(["category:논리 구조", "strengths"]);
    expect(changes[0]).toEqual({
      field: "category:논리 구조",
      before: { score: 30, feedback: "좋음" },
      after: { score: 35, feedback: "좋음" },
    });
  });

  it("shows the review in place of the original and the student view leaves out ids, flags and the log", () => {
    const b = body();
    b.categories[0].score = 10;
    const next = applyReview(b, original, answer, []);
    const stored = {
      ...row,
      review: {
        categoryScores: next.categories,
        strengths: next.strengths,
        improvementAreas: [],
        detailedFeedback: "",
        suggestions: [],
        annotations: [],
      },
      reviewed_at: new Date("2026-03-01T00:00:00Z"),
    };
    const base = {
      submissionId: "sub-1",
      answer,
      studentInfo: { name: "학생", studentId: "2024" },
      flags: ["off_topic"],
      question: "문제",
      rubric: [],
    } as unknown as ReportData;
    const r = reviewedReport(base, stored, []);
    expect(r.overallScore).toBe(50);
    expect(r.original.overallScore).toBe(70);
    expect(r.reviewed).toBe(true);
    expect(r.edited).toBe(true);
    const s = sharedReport(r, new Date("2026-04-01T00:00:00Z"));
    expect(s.overallScore).toBe(50);
    expect(JSON.stringify(s)).not.toMatch(/sub-1|off_topic|2024|original|edits/);
  });
});
