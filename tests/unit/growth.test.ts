// A student's growth: categories compared by exact name as a percent of each result's own maximum,
// the trends in words (a run of ≥ 2 rises or falls ending at the latest result), 첨삭 mark counts.
import { describe, expect, it } from "vitest";
import {
  assignmentTitle,
  categoryAverages,
  categorySeries,
  growthCategories,
  latestRun,
  markCounts,
  subjectParticle,
  trendSentences,
  type GrowthCategory,
} from "../../supabase/functions/_shared/growth.ts";

const cat = (name: string, score: number, max: number): GrowthCategory => ({ name, score, max, percent: Math.round((score / max) * 100) });
const result = (percent: number, categories: GrowthCategory[]) => ({ percent, categories });

describe("growthCategories", () => {
  it("gives each category its percent of its own maximum, the rubric's when the score has none", () => {
    const got = growthCategories(
      [
        { name: "논리 구조", score: 30, maxScore: 40, feedback: "" },
        { name: "근거의 타당성", score: "12" },
        { name: "없는 항목", score: 3 },
        { score: 3, maxScore: 10 },
        { name: "영점", score: 0, maxScore: 0 },
      ],
      [{ name: "근거의 타당성", maxScore: 20 }],
    );
    expect(got).toEqual([
      { name: "논리 구조", score: 30, max: 40, percent: 75 },
      { name: "근거의 타당성", score: 12, max: 20, percent: 60 },
    ]);
  });

  it("reads anything that is not a list as no categories", () => {
    expect(growthCategories(null)).toEqual([]);
    expect(growthCategories({ name: "x" })).toEqual([]);
  });
});

describe("matching categories across rubrics", () => {
  // Two rubrics share 근거의 타당성 with different maxima: compared as percents, by exact name.
  const results = [
    result(70, [cat("논리 구조", 28, 40), cat("근거의 타당성", 15, 30)]),
    result(60, [cat("근거의 타당성", 12, 20), cat("창의성", 5, 10)]),
    result(80, [cat("논리 구조", 36, 40), cat("근거의 타당성 ", 9, 10)]),
  ];

  it("a category's series holds its percent where the result has that exact name, null elsewhere", () => {
    expect(categorySeries(results, "근거의 타당성")).toEqual([50, 60, null]);
    expect(categorySeries(results, "논리 구조")).toEqual([70, null, 90]);
    expect(categorySeries(results, "창의성")).toEqual([null, 50, null]);
  });

  it("class averages per category are means of percents, never of points", () => {
    expect(categoryAverages(results)).toEqual([
      { name: "논리 구조", percent: 80, count: 2 },
      { name: "근거의 타당성", percent: 55, count: 2 },
      { name: "창의성", percent: 50, count: 1 },
      { name: "근거의 타당성 ", percent: 90, count: 1 },
    ]);
  });
});

describe("latestRun", () => {
  it("counts the rises or falls in a row that end at the latest value", () => {
    expect(latestRun([40, 50, 60, 70])).toBe(3);
    expect(latestRun([90, 80, 85, 70, 60])).toBe(-2);
    expect(latestRun([50, 60, 60])).toBe(0);
    expect(latestRun([60, 50, 70])).toBe(1);
    expect(latestRun([70])).toBe(0);
    expect(latestRun([])).toBe(0);
  });

  it("skips assignments where the category was absent", () => {
    expect(latestRun([40, null, 50, null, 60])).toBe(2);
  });
});

describe("trendSentences", () => {
  it("tells the total and each category with a run of two or more steps, with the right particle", () => {
    const results = [
      result(80, [cat("근거의 타당성", 10, 30), cat("논리 구조", 30, 40), cat("언어 표현", 20, 30)]),
      result(75, [cat("근거의 타당성", 8, 20), cat("논리 구조", 28, 40), cat("언어 표현", 21, 30)]),
      result(70, [cat("근거의 타당성", 14, 20), cat("논리 구조", 24, 40), cat("언어 표현", 20, 30)]),
      result(72, [cat("근거의 타당성", 9, 10), cat("논리 구조", 20, 40), cat("언어 표현", 22, 30)]),
    ];
    expect(trendSentences(results)).toEqual(["근거의 타당성이 3회 연속 상승", "논리 구조가 3회 연속 하락"]);
    expect(trendSentences(results.slice(0, 3))).toEqual([
      "총점 2회 연속 하락",
      "근거의 타당성이 2회 연속 상승",
      "논리 구조가 2회 연속 하락",
    ]);
  });

  it("says nothing with fewer than three results or with no steady run", () => {
    expect(trendSentences([result(50, []), result(60, [])])).toEqual([]);
    expect(trendSentences([result(50, []), result(60, []), result(55, [])])).toEqual([]);
  });

  it("subjectParticle: 이 after a final consonant, 가 after a vowel", () => {
    expect(subjectParticle("근거의 타당성")).toBe("이");
    expect(subjectParticle("논리 구조")).toBe("가");
    expect(subjectParticle("Logic")).toBe("이(가)");
  });
});

describe("markCounts", () => {
  it("counts 첨삭 marks by kind and by kind and category, most frequent first, ignoring malformed ones", () => {
    const got = markCounts([
      [
        { kind: "고칠 점", category: "언어 표현" },
        { kind: "고칠 점", category: "언어 표현" },
        { kind: "잘한 점", category: "논리 구조" },
      ],
      [{ kind: "고칠 점", category: "근거의 타당성" }, { kind: "칭찬" }, null, { kind: "질문", category: "" }],
      "not a list",
    ]);
    expect(got.kinds).toEqual([
      { kind: "고칠 점", count: 3 },
      { kind: "잘한 점", count: 1 },
      { kind: "질문", count: 1 },
    ]);
    expect(got.topics[0]).toEqual({ kind: "고칠 점", category: "언어 표현", count: 2 });
    expect(got.topics).toHaveLength(3);
  });
});

it("assignmentTitle: the title, else the question file, else 논술 문제", () => {
  expect(assignmentTitle(" 3월 논술 ", "q.txt")).toBe("3월 논술");
  expect(assignmentTitle(null, "q.txt")).toBe("q.txt");
  expect(assignmentTitle("", null)).toBe("논술 문제");
});
