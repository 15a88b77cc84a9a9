// The quality-ordered answer corpus (tests/fixtures/corpus/manifest.json) graded by the offline
// analyzer through the same path as the worker without an LLM key: precheck, then gradeWithoutLlm.
// Shared by tests/unit/grading-offline-corpus.test.ts and `npm run bench`.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gradeWithoutLlm, precheck } from "../../supabase/functions/api/grading/grade.ts";
import { parseRubric } from "../../supabase/functions/api/grading/rubric.ts";
import type { GradeResult, RubricCategory } from "../../supabase/functions/_shared/grading.ts";

export const CORPUS_MANIFEST = join(import.meta.dirname, "../fixtures/corpus/manifest.json");

export interface CorpusAnswer {
  file: string;
  rank: number;
  label: string;
  text: string;
}

export interface CorpusQuestion {
  id: string;
  topic: string;
  required: string;
  heldOut: boolean;
  question: string;
  rubric: RubricCategory[];
  answers: CorpusAnswer[];
}

interface Manifest {
  questions: {
    id: string;
    topic: string;
    required: string;
    heldOut: boolean;
    question: string;
    criteria: string | null;
    answers: { file: string; rank: number; label: string }[];
  }[];
}

export function loadCorpus(manifestPath = CORPUS_MANIFEST): CorpusQuestion[] {
  const base = dirname(manifestPath);
  const read = (p: string) => readFileSync(join(base, p), "utf8");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  return manifest.questions.map((q) => ({
    id: q.id,
    topic: q.topic,
    required: q.required,
    heldOut: q.heldOut,
    question: read(q.question),
    rubric: parseRubric(q.criteria ? read(q.criteria) : null),
    answers: q.answers.map((a) => ({ ...a, text: read(a.file) })),
  }));
}

/** The offline grade as the worker would give it without an LLM key. */
export function gradeOfflineLikeWorker(essay: string, question: string, rubric: RubricCategory[]): GradeResult {
  const input = { essay, question, rubric };
  const pre = precheck(input);
  return pre.immediate ?? gradeWithoutLlm(input, pre);
}

/** Total as a percentage of the maximum. */
export function percent(r: GradeResult): number {
  return r.maxScore > 0 ? (100 * r.overallScore) / r.maxScore : 0;
}

/**
 * Kendall's τ-b between the intended ranks (1 = best) and the scores (higher = better):
 * (concordant − discordant) / √((n₀ − ties in x)(n₀ − ties in y)). Equals τ-a without ties.
 */
export function kendallTauB(ranks: number[], scores: number[]): number {
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  let pairs = 0;
  for (let i = 0; i < ranks.length; i++) {
    for (let j = i + 1; j < ranks.length; j++) {
      pairs++;
      const x = ranks[j] - ranks[i]; // > 0: i is intended better
      const y = scores[i] - scores[j]; // > 0: i scored higher
      if (x === 0) tiesX++;
      if (y === 0) tiesY++;
      if (x === 0 || y === 0) continue;
      if (Math.sign(x) === Math.sign(y)) concordant++;
      else discordant++;
    }
  }
  const denom = Math.sqrt((pairs - tiesX) * (pairs - tiesY));
  return denom === 0 ? 0 : (concordant - discordant) / denom;
}

/**
 * Kendall's τ over the pairs the reference orders: (concordant − discordant) / (pairs with
 * different intended ranks). The reference is a partial order (a tier of failing answers whose
 * inner order a teacher would not vouch for), and τ-b cannot reach 1 against a tied reference
 * with untied scores, so this is the figure asserted; τ-b is reported alongside. Pairs the
 * analyzer ties count as neither (like Goodman–Kruskal γ's numerator, over τ-a's denominator).
 */
export function kendallTauOrdered(ranks: number[], scores: number[]): number {
  let concordant = 0;
  let discordant = 0;
  let ordered = 0;
  for (let i = 0; i < ranks.length; i++) {
    for (let j = i + 1; j < ranks.length; j++) {
      const x = ranks[j] - ranks[i];
      if (x === 0) continue;
      ordered++;
      const y = scores[i] - scores[j];
      if (y === 0) continue;
      if (Math.sign(x) === Math.sign(y)) concordant++;
      else discordant++;
    }
  }
  return ordered === 0 ? 0 : (concordant - discordant) / ordered;
}

export interface QuestionResult {
  id: string;
  heldOut: boolean;
  /** kendallTauOrdered: the asserted figure. */
  tau: number;
  tauB: number;
  scores: { label: string; rank: number; percent: number; flags: string[] }[];
}

export function evaluateCorpus(corpus = loadCorpus()): QuestionResult[] {
  return corpus.map((q) => {
    const scores = q.answers.map((a) => {
      const r = gradeOfflineLikeWorker(a.text, q.question, q.rubric);
      return { label: a.label, rank: a.rank, percent: Math.round(percent(r) * 10) / 10, flags: r.flags };
    });
    return {
      id: q.id,
      heldOut: q.heldOut,
      tau: kendallTauOrdered(
        scores.map((s) => s.rank),
        scores.map((s) => s.percent),
      ),
      tauB: kendallTauB(
        scores.map((s) => s.rank),
        scores.map((s) => s.percent),
      ),
      scores,
    };
  });
}

/** Quality levels a teacher names; an answer's level is its label's first word. */
export const LEVELS = ["excellent", "good", "mid", "weak"] as const;

/** Mean percent per quality level of one question (levels it has no answer for are left out). */
export function levelMeans(r: QuestionResult): Partial<Record<(typeof LEVELS)[number], number>> {
  const out: Partial<Record<(typeof LEVELS)[number], number>> = {};
  for (const level of LEVELS) {
    const xs = r.scores.filter((s) => s.label.split(/[\s:,]/)[0] === level).map((s) => s.percent);
    if (xs.length) out[level] = xs.reduce((a, b) => a + b, 0) / xs.length;
  }
  return out;
}
