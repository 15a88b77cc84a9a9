// Teacher–AI agreement of a session: how far the AI's original scores agree with the teacher's final
// ones over the answers the teacher reviewed (검토 완료, with or without edits). Pure functions, shared
// by the API (GET /sessions/:id/agreement) and the SPA; unit-tested in tests/unit/agreement.test.ts.

/** Agreement is shown once at least this many answers of the session were reviewed. */
export const AGREEMENT_MIN_REVIEWED = 3;

/** One category score as stored (the AI's category_scores, or the teacher's review.categoryScores). */
export interface ScoredCategory {
  name: string;
  score: number;
  maxScore: number;
}

/** One reviewed answer: the AI's original and the teacher's final version (the original when unedited). */
export interface ReviewedPair {
  ai: ScoredCategory[];
  teacher: ScoredCategory[];
}

export interface CategoryAgreement {
  name: string;
  /** The category's points (the AI original's maximum). */
  maxScore: number;
  /** Answers in which both versions scored this category. */
  count: number;
  /** Mean |AI − teacher|, points. */
  meanAbsDiff: number;
  /** Share (0–1) of answers where |AI − teacher| ≤ 10 % of the category's points. */
  withinTenPercent: number;
  /** Mean (AI − teacher), points: positive = the AI scores higher than the teacher. */
  bias: number;
  /**
   * Quadratic weighted kappa on integer points 0…maxScore (both scores rounded half up); null when
   * undefined (every answer got the same single score from both, so chance agreement is total).
   */
  qwk: number | null;
}

export interface SessionAgreement {
  /** Reviewed answers of the session. */
  reviewed: number;
  /** Null below AGREEMENT_MIN_REVIEWED reviewed answers. */
  categories: CategoryAgreement[] | null;
  /** The mean of the categories' defined QWKs; null below the minimum or when none is defined. */
  qwk: number | null;
}

/** Round half up to an integer (2.5 → 3), as the QWK's integer points are made. */
export function roundHalfUp(x: number): number {
  return Math.floor(x + 0.5 + 1e-9);
}

/**
 * Cohen's quadratic weighted kappa of two raters over the integer ratings 0…maxRating:
 * κ = 1 − Σ w·O / Σ w·E with w(i,j) = (i−j)² / maxRating², O the observed confusion matrix and E the
 * outer product of the two raters' rating histograms divided by the number of items (the Kaggle ASAP
 * definition). Ratings are rounded half up and clamped to the range. Null when undefined: no items,
 * maxRating < 1, or no expected disagreement (both raters gave every item one and the same rating).
 */
export function quadraticWeightedKappa(a: number[], b: number[], maxRating: number): number | null {
  if (a.length !== b.length) throw new Error("raters must rate the same items");
  const k = roundHalfUp(maxRating);
  const n = a.length;
  if (n === 0 || k < 1) return null;
  const clamp = (x: number) => Math.min(k, Math.max(0, roundHalfUp(x)));
  const observed = Array.from({ length: k + 1 }, () => new Array<number>(k + 1).fill(0));
  const histA = new Array<number>(k + 1).fill(0);
  const histB = new Array<number>(k + 1).fill(0);
  for (let i = 0; i < n; i++) {
    const x = clamp(a[i]);
    const y = clamp(b[i]);
    observed[x][y] += 1;
    histA[x] += 1;
    histB[y] += 1;
  }
  let num = 0;
  let den = 0;
  for (let i = 0; i <= k; i++) {
    for (let j = 0; j <= k; j++) {
      const w = ((i - j) * (i - j)) / (k * k);
      num += w * observed[i][j];
      den += (w * histA[i] * histB[j]) / n;
    }
  }
  if (den === 0) return null;
  return 1 - num / den;
}

const key = (s: string) => s.normalize("NFC").trim();
const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * The agreement over the reviewed answers, per category of the AI's original (matched to the teacher's
 * by name, in the order first seen). Below AGREEMENT_MIN_REVIEWED answers only the count is given.
 * Points are rounded to 2 decimals, shares and kappas to 3.
 */
export function computeAgreement(pairs: ReviewedPair[]): SessionAgreement {
  const reviewed = pairs.length;
  if (reviewed < AGREEMENT_MIN_REVIEWED) return { reviewed, categories: null, qwk: null };
  const byName = new Map<string, { name: string; maxScore: number; ai: number[]; teacher: number[] }>();
  for (const pair of pairs) {
    const teacher = new Map(pair.teacher.map((c) => [key(c.name), c]));
    for (const c of pair.ai) {
      const t = teacher.get(key(c.name));
      if (!t || !Number.isFinite(c.score) || !Number.isFinite(t.score)) continue;
      let cat = byName.get(key(c.name));
      if (!cat) {
        cat = { name: c.name, maxScore: c.maxScore, ai: [], teacher: [] };
        byName.set(key(c.name), cat);
      }
      cat.ai.push(c.score);
      cat.teacher.push(t.score);
    }
  }
  const categories: CategoryAgreement[] = [...byName.values()].map((c) => {
    const diffs = c.ai.map((s, i) => s - c.teacher[i]);
    const n = diffs.length;
    const tolerance = c.maxScore * 0.1 + 1e-9;
    const qwk = quadraticWeightedKappa(c.ai, c.teacher, c.maxScore);
    return {
      name: c.name,
      maxScore: c.maxScore,
      count: n,
      meanAbsDiff: round(diffs.reduce((s, d) => s + Math.abs(d), 0) / n, 2),
      withinTenPercent: round(diffs.filter((d) => Math.abs(d) <= tolerance).length / n, 3),
      bias: round(diffs.reduce((s, d) => s + d, 0) / n, 2),
      qwk: qwk === null ? null : round(qwk, 3),
    };
  });
  const defined = categories.map((c) => c.qwk).filter((q): q is number => q !== null);
  const qwk = defined.length ? round(defined.reduce((s, q) => s + q, 0) / defined.length, 3) : null;
  return { reviewed, categories, qwk };
}

/** Stored category scores named with their points ("논리 구조 (40)"); null when unreadable. */
function scaledScores(v: unknown): ScoredCategory[] | null {
  if (!Array.isArray(v)) return null;
  const out: ScoredCategory[] = [];
  for (const c of v) {
    if (!c || typeof c !== "object") return null;
    const { name, score, maxScore } = c as Record<string, unknown>;
    if (typeof name !== "string" || typeof score !== "number" || typeof maxScore !== "number") return null;
    out.push({ name: `${name} (${maxScore})`, score, maxScore });
  }
  return out;
}

/**
 * A reviewed answer across sessions (the admin's and an organisation's agreement): the AI's original and the
 * teacher's final scores (the original when reviewed without edits), each category named with its points so
 * scores on different scales are never pooled.
 */
export function scaledPair(row: { category_scores: unknown; review: unknown }): ReviewedPair {
  const ai = scaledScores(row.category_scores) ?? [];
  const review =
    row.review && typeof row.review === "object" && !Array.isArray(row.review) ? (row.review as Record<string, unknown>) : null;
  return { ai, teacher: (review && scaledScores(review.categoryScores)) ?? ai };
}

/** 을 after a final consonant, 를 after a vowel; 을(를) when the last character is not Hangul. */
function objectParticle(word: string): string {
  const code = word.trim().charCodeAt(word.trim().length - 1) - 0xac00;
  if (!(code >= 0 && code <= 11171)) return "을(를)";
  return code % 28 === 0 ? "를" : "을";
}

/** "AI가 논리 구조를 평균 2.3점 높게 줌" — the category's bias in words (under 0.05 points: "차이 없음"). */
export function describeBias(name: string, bias: number): string {
  const abs = Math.round(Math.abs(bias) * 10) / 10;
  if (abs === 0) return `${name}: AI와 교사 점수 차이 없음`;
  return `AI가 ${name}${objectParticle(name)} 평균 ${abs.toFixed(1)}점 ${bias > 0 ? "높게" : "낮게"} 줌`;
}
