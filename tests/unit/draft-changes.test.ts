// What changed between two drafts: Korean sentences split at their endings and line breaks, the sentence
// diff (re-wrapped text is no change), which marks asking for a change were addressed (the quoted span
// changed or removed; 잘한 점 left out), and the score change per category and in total.
import { describe, expect, it } from "vitest";
import type { Annotation, CategoryScore } from "@shared/grading.ts";
import { addressedMarks, categoryChanges, compareDrafts, diffDrafts, splitSentences } from "@shared/draft-changes.ts";

const mark = (quote: string, kind: Annotation["kind"] = "고칠 점"): Annotation => ({
  start: 0,
  end: quote.length,
  quote,
  kind,
  category: "논리",
  comment: "근거를 보태세요.",
  rewrite: null,
  source: "ai",
});
const cat = (name: string, score: number, maxScore = 10): CategoryScore => ({ name, score, maxScore, feedback: "" });

describe("splitSentences", () => {
  it("splits at . ! ? … and line breaks, a closing quote stays with its sentence, folds whitespace", () => {
    expect(splitSentences("환경은 중요하다.  그래서  우리는 노력해야 한다!\n정말 그럴까?“그렇다.” 끝")).toEqual([
      "환경은 중요하다.",
      "그래서 우리는 노력해야 한다!",
      "정말 그럴까?",
      "“그렇다.”",
      "끝",
    ]);
    expect(splitSentences("  \n\n ")).toEqual([]);
  });
});

describe("diffDrafts", () => {
  it("marks added and removed sentences in order and ignores re-wrapping", () => {
    const before = "첫 문장이다. 둘째 문장이다.\n셋째 문장이다.";
    const after = "첫 문장이다.\n둘째   문장이다. 새 근거를 더했다. 셋째 문장을 고쳤다.";
    expect(diffDrafts(before, after)).toEqual([
      { kind: "same", sentences: ["첫 문장이다.", "둘째 문장이다."] },
      { kind: "removed", sentences: ["셋째 문장이다."] },
      { kind: "added", sentences: ["새 근거를 더했다.", "셋째 문장을 고쳤다."] },
    ]);
    expect(diffDrafts("같다.", "같다.")).toEqual([{ kind: "same", sentences: ["같다."] }]);
  });
});

describe("addressedMarks", () => {
  it("counts a mark addressed when its quote no longer occurs (whitespace folded); 잘한 점 is left out", () => {
    const after = "기후 변화는   심각하다. 예를 들어 북극의 얼음이 줄었다.";
    const out = addressedMarks(
      [mark("기후 변화는 심각하다"), mark("모두가 안다"), mark("예를 들어", "잘한 점"), mark("얼음이 줄었다", "질문")],
      after,
    );
    expect(out.map((m) => [m.quote, m.addressed])).toEqual([
      ["기후 변화는 심각하다", false],
      ["모두가 안다", true],
      ["얼음이 줄었다", false],
    ]);
  });
});

describe("categoryChanges and compareDrafts", () => {
  it("gives the change per category in the earlier order, one decimal, null where a side is missing", () => {
    expect(categoryChanges([cat("논리", 6), cat("표현", 7.5)], [cat("표현", 8), cat("논리", 8), cat("구성", 5)])).toEqual([
      { name: "논리", maxScore: 10, before: 6, after: 8, change: 2 },
      { name: "표현", maxScore: 10, before: 7.5, after: 8, change: 0.5 },
      { name: "구성", maxScore: 10, before: null, after: 5, change: null },
    ]);
  });

  it("puts the three together with the total, null while the later draft is not graded", () => {
    const first = { text: "주장이다. 근거가 없다.", overallScore: 60, categories: [cat("논리", 6)], annotations: [mark("근거가 없다")] };
    const second = { text: "주장이다. 통계가 근거다.", overallScore: 72.5, categories: [cat("논리", 8)], annotations: [] };
    const c = compareDrafts(first, second);
    expect(c.total).toEqual({ before: 60, after: 72.5, change: 12.5 });
    expect(c.marks).toEqual([expect.objectContaining({ quote: "근거가 없다", addressed: true })]);
    expect(c.sentences.map((s) => s.kind)).toEqual(["same", "removed", "added"]);
    expect(compareDrafts(first, { ...second, overallScore: null, categories: [] }).total.change).toBeNull();
  });
});
