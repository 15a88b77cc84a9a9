// The offline analyzer (no LLM key) against a quality-ordered corpus of Korean 논술 answers
// (tests/fixtures/corpus): per question, Kendall's τ between its totals and the intended order,
// and score bands a teacher would expect. See tests/helpers/offline-corpus.ts for which τ.
import { describe, expect, it } from "vitest";
import { evaluateCorpus, kendallTauB, kendallTauOrdered, levelMeans, loadCorpus } from "../helpers/offline-corpus.ts";
import { measure } from "../../supabase/functions/api/grading/offline.ts";
import { requiredLength } from "../../supabase/functions/api/grading/offline-signals.ts";

const corpus = loadCorpus();
const results = evaluateCorpus(corpus);
const byLabel = (id: string, prefix: string) => results.find((r) => r.id === id)!.scores.filter((s) => s.label.startsWith(prefix));

describe("Kendall τ helpers", () => {
  it("computes τ-b and the ordered-pairs τ on known cases", () => {
    expect(kendallTauB([1, 2, 3, 4], [40, 30, 20, 10])).toBe(1);
    expect(kendallTauB([1, 2, 3, 4], [10, 20, 30, 40])).toBe(-1);
    // One swapped pair out of six: (5 − 1) / 6.
    expect(kendallTauB([1, 2, 3, 4], [40, 20, 30, 10])).toBeCloseTo(4 / 6, 10);
    // A tied reference tier: τ-b stays below 1, the ordered-pairs τ reaches it.
    expect(kendallTauB([1, 2, 2], [3, 2, 1])).toBeLessThan(1);
    expect(kendallTauOrdered([1, 2, 2], [3, 2, 1])).toBe(1);
    expect(kendallTauOrdered([1, 2, 2], [1, 3, 2])).toBe(-1);
  });

  it("averages totals per quality level by the label's first word", () => {
    const s = (label: string, percent: number) => ({ label, rank: 1, percent, flags: [] });
    const means = levelMeans({
      id: "x",
      heldOut: true,
      tau: 1,
      tauB: 1,
      scores: [s("excellent: a", 90), s("excellent", 80), s("good, b", 60), s("weak: c", 10), s("long but empty", 5)],
    });
    expect(means).toEqual({ excellent: 85, good: 60, weak: 10 });
  });
});

describe("offline analyzer on the answer corpus", () => {
  it("has at least 4 questions of different topics and required lengths, each with at least 6 answers", () => {
    const own = corpus.filter((q) => !q.id.startsWith("smartphone"));
    expect(own.length).toBeGreaterThanOrEqual(4);
    expect(new Set(own.map((q) => requiredLength(q.question))).size).toBeGreaterThanOrEqual(4);
    for (const q of own) {
      expect(q.answers.length, q.id).toBeGreaterThanOrEqual(6);
      for (const kind of ["excellent", "good", "mid", "weak", "long but empty", "fluent", "very short"]) {
        expect(
          q.answers.some((a) => a.label.startsWith(kind)),
          `${q.id} ${kind}`,
        ).toBe(true);
      }
    }
    expect(corpus.some((q) => q.heldOut)).toBe(true);
  });

  for (const r of results) {
    it(`${r.id}${r.heldOut ? " (held out)" : ""}: τ ≥ 0.8 against the intended order`, () => {
      expect(r.tau, JSON.stringify(r.scores)).toBeGreaterThanOrEqual(0.8);
    });
  }

  it("scores held-out topics on a teacher's scale: every excellent answer ≥ 75, good ≥ 55, weak ≤ 45, τ ≥ 0.8", () => {
    const heldOut = results.filter((r) => r.heldOut);
    expect(heldOut.length).toBeGreaterThanOrEqual(2);
    for (const r of heldOut) {
      expect(r.tau, r.id).toBeGreaterThanOrEqual(0.8);
      const levels: [string, (p: number) => boolean][] = [
        ["excellent", (p) => p >= 75],
        ["good", (p) => p >= 55],
        ["weak", (p) => p <= 45],
      ];
      for (const [level, ok] of levels) {
        const scores = byLabel(r.id, level);
        expect(scores.length, `${r.id} ${level}`).toBeGreaterThan(0);
        for (const s of scores) expect(ok(s.percent), `${r.id} ${s.label}: ${s.percent}`).toBe(true);
      }
    }
  });

  it("gives the best answer of each question at least 75", () => {
    for (const r of results) expect(r.scores.find((s) => s.rank === 1)!.percent, r.id).toBeGreaterThanOrEqual(75);
  });

  it("gives a blank or two-sentence answer at most 20", () => {
    for (const r of results) {
      for (const s of r.scores.filter((x) => /^(very short: 2|blank)/.test(x.label)))
        expect(s.percent, `${r.id} ${s.label}`).toBeLessThanOrEqual(20);
    }
  });

  it("puts a coherent but shallow answer clearly above a very short one, and above every failing answer", () => {
    for (const r of results) {
      const mid = r.scores.find((s) => s.label.startsWith("mid"))!;
      const short = r.scores.find((s) => s.label.startsWith("very short"))!;
      expect(mid.percent - short.percent, r.id).toBeGreaterThanOrEqual(7);
      expect(mid.percent / Math.max(short.percent, 0.1), r.id).toBeGreaterThanOrEqual(1.5);
      for (const s of r.scores.filter((x) => x.rank > mid.rank)) expect(s.percent, `${r.id} ${s.label}`).toBeLessThan(mid.percent);
    }
  });

  it("scores long filler and fluent answers about another subject as failing", () => {
    for (const r of results) {
      for (const s of [...byLabel(r.id, "long but empty"), ...byLabel(r.id, "fluent essay on another subject")]) {
        expect(s.percent, `${r.id} ${s.label}`).toBeLessThanOrEqual(25);
      }
      for (const s of byLabel(r.id, "fluent essay on another subject")) expect(s.flags, `${r.id} ${s.label}`).toContain("off_topic");
    }
  });

  it("reads required lengths as ranges, 원고지 style (spaces counted)", () => {
    expect(requiredLength("800~1000자로 논술하시오")).toBe(900);
    expect(requiredLength("800자에서 1,000자 사이로")).toBe(900);
    expect(requiredLength("1,500자 내외로")).toBe(1500);
    expect(requiredLength("600자 이상")).toBe(600);
    expect(requiredLength("자유롭게 쓰시오")).toBeNull();
    const m = measure("가나다 라마바", "100자 내외");
    expect(m.manuscriptChars).toBe(7);
    expect(m.lengthRatio).toBeCloseTo(0.07, 10);
  });

  it("sees through repetition: 20 copies of an answer add no distinct words and lower the moving type/token ratio", () => {
    // (Wall-clock per 1,500-character answer is measured in `npm run bench`, not asserted here.)
    const q = corpus[0];
    const text = q.answers[0].text;
    const big = Array.from({ length: 20 }, () => text).join("\n\n");
    const m = measure(big, q.question);
    expect(m.distinctStems).toBe(measure(text, q.question).distinctStems);
    expect(m.mattr).toBeLessThan(measure(text, q.question).mattr);
  });
});
