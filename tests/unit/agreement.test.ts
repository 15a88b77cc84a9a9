// Teacher–AI agreement (supabase/functions/_shared/agreement.ts): quadratic weighted kappa on a
// hand-worked example, the per-category aggregation of reviewed answers, and reading a stored result
// row (supabase/functions/api/sessions/agreement.ts).
import { describe, expect, it } from "vitest";
import {
  computeAgreement,
  describeBias,
  quadraticWeightedKappa,
  roundHalfUp,
  type ReviewedPair,
} from "../../supabase/functions/_shared/agreement.ts";
import { reviewedPair } from "../../supabase/functions/api/sessions/agreement.ts";

describe("quadraticWeightedKappa", () => {
  it("matches a hand-worked example (Kaggle ASAP definition)", () => {
    // Ratings 0…2 (N = 3 ratings), 5 items.
    //   A = [0, 1, 2, 2, 1], B = [0, 2, 2, 1, 1]
    // Weights w(i,j) = (i−j)² / (N−1)²: 0 on the diagonal, 0.25 one apart, 1 two apart.
    // Observed O (row = A, column = B): O00 = 1, O11 = 1, O12 = 1, O21 = 1, O22 = 1.
    //   Σ w·O = 0.25 (1,2) + 0.25 (2,1) = 0.5
    // Histograms: A = [1, 2, 2], B = [1, 2, 2]; expected E(i,j) = A_i·B_j / 5.
    //   off-diagonal E: (0,1) 0.4, (0,2) 0.4, (1,0) 0.4, (1,2) 0.8, (2,0) 0.4, (2,1) 0.8
    //   Σ w·E = 0.25·0.4 + 1·0.4 + 0.25·0.4 + 0.25·0.8 + 1·0.4 + 0.25·0.8 = 1.4
    // κ = 1 − 0.5 / 1.4 = 9/14 ≈ 0.642857
    expect(quadraticWeightedKappa([0, 1, 2, 2, 1], [0, 2, 2, 1, 1], 2)).toBeCloseTo(9 / 14, 10);
  });

  it("is 1 for identical ratings, below 0 for systematic disagreement, and symmetric", () => {
    expect(quadraticWeightedKappa([0, 3, 5, 2], [0, 3, 5, 2], 5)).toBeCloseTo(1, 10);
    // A = [0, 2], B = [2, 0], N−1 = 2: Σ w·O = 2, histograms [1,0,1] both, Σ w·E = (1·1/2)·1·2 = 1 → κ = −1
    expect(quadraticWeightedKappa([0, 2], [2, 0], 2)).toBeCloseTo(-1, 10);
    const a = [1, 4, 2, 5, 3];
    const b = [2, 4, 1, 5, 5];
    expect(quadraticWeightedKappa(a, b, 5)).toBeCloseTo(quadraticWeightedKappa(b, a, 5)!, 10);
  });

  it("rounds scores half up to integer points and clamps them to 0…max", () => {
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(2.4)).toBe(2);
    expect(roundHalfUp(0.5)).toBe(1);
    // 0.5 → 1, 1.5 → 2, 2.4 → 2, 2.5 → 3 (clamped to 2) is the worked example above.
    expect(quadraticWeightedKappa([0, 0.5, 2.4, 2.5, 1.4], [0, 1.5, 2, 1, 0.5], 2)).toBeCloseTo(9 / 14, 10);
  });

  it("is undefined with no items, no points, or every rating the same", () => {
    expect(quadraticWeightedKappa([], [], 5)).toBeNull();
    expect(quadraticWeightedKappa([0, 0], [0, 0], 0)).toBeNull();
    expect(quadraticWeightedKappa([3, 3, 3], [3, 3, 3], 5)).toBeNull();
  });
});

const cat = (name: string, score: number, maxScore: number) => ({ name, score, maxScore });
const pair = (ai: [number, number], teacher: [number, number]): ReviewedPair => ({
  ai: [cat("논리 구조", ai[0], 40), cat("언어 표현", ai[1], 10)],
  teacher: [cat("논리 구조", teacher[0], 40), cat(" 언어 표현 ", teacher[1], 10)],
});

describe("computeAgreement", () => {
  it("gives only the count below three reviewed answers", () => {
    expect(computeAgreement([pair([30, 5], [30, 5]), pair([20, 5], [20, 5])])).toEqual({ reviewed: 2, categories: null, qwk: null });
  });

  it("computes the mean absolute difference, the share within 10 %, the bias and the kappas", () => {
    const result = computeAgreement([pair([30, 5], [30, 5]), pair([35, 8], [30, 8]), pair([20, 4], [22, 2])]);
    expect(result.reviewed).toBe(3);
    const [logic, language] = result.categories!;
    // 논리 구조 (40 points): differences 0, +5, −2 → |·| mean 7/3, within 4 points: 2 of 3, bias 3/3 = 1
    expect(logic).toMatchObject({ name: "논리 구조", maxScore: 40, count: 3, meanAbsDiff: 2.33, withinTenPercent: 0.667, bias: 1 });
    // 언어 표현 (10 points, name matched after trimming): differences 0, 0, +2 → mean 0.67, within 1 point: 2 of 3
    expect(language).toMatchObject({ name: "언어 표현", count: 3, meanAbsDiff: 0.67, withinTenPercent: 0.667, bias: 0.67 });
    const expectedLogic = quadraticWeightedKappa([30, 35, 20], [30, 30, 22], 40)!;
    const expectedLanguage = quadraticWeightedKappa([5, 8, 4], [5, 8, 2], 10)!;
    expect(logic.qwk).toBeCloseTo(expectedLogic, 3);
    expect(language.qwk).toBeCloseTo(expectedLanguage, 3);
    expect(result.qwk).toBeCloseTo((expectedLogic + expectedLanguage) / 2, 2);
    expect(logic.qwk!).toBeLessThan(1);
  });

  it("counts a difference of exactly 10 % as within", () => {
    const r = computeAgreement([pair([30, 5], [26, 4]), pair([30, 5], [34, 6]), pair([30, 5], [30, 5])]);
    expect(r.categories!.map((c) => c.withinTenPercent)).toEqual([1, 1]);
  });

  it("leaves out categories the teacher's version lacks", () => {
    const p: ReviewedPair = { ai: [cat("논리 구조", 30, 40), cat("분량", 5, 10)], teacher: [cat("논리 구조", 28, 40)] };
    const r = computeAgreement([p, p, p]);
    expect(r.categories!.map((c) => c.name)).toEqual(["논리 구조"]);
    expect(r.categories![0].bias).toBe(2);
  });
});

describe("describeBias", () => {
  it("says which way the AI leans, with the right particle", () => {
    expect(describeBias("논리 구조", 2.34)).toBe("AI가 논리 구조를 평균 2.3점 높게 줌");
    expect(describeBias("내용", -1.25)).toBe("AI가 내용을 평균 1.3점 낮게 줌");
    expect(describeBias("내용", 0.01)).toBe("내용: AI와 교사 점수 차이 없음");
  });
});

describe("reviewedPair (the stored result row)", () => {
  const ai = [{ name: "논리 구조", score: 30, maxScore: 40, feedback: "좋음" }];
  it("takes the teacher's version from review.categoryScores", () => {
    const p = reviewedPair({
      category_scores: ai,
      review: { categoryScores: [{ name: "논리 구조", score: 25, maxScore: 40, feedback: "" }] },
    });
    expect(p).toEqual({ ai: [cat("논리 구조", 30, 40)], teacher: [cat("논리 구조", 25, 40)] });
  });
  it("uses the AI's original when the review was completed without edits or is unreadable", () => {
    expect(reviewedPair({ category_scores: ai, review: null }).teacher).toEqual([cat("논리 구조", 30, 40)]);
    expect(reviewedPair({ category_scores: ai, review: { categoryScores: [{ name: "논리 구조", score: "x" }] } }).teacher).toEqual([
      cat("논리 구조", 30, 40),
    ]);
  });
});
