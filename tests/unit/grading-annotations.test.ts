// Inline annotations (첨삭 표시): locating the grader's quotes in the answer (grading/annotations.ts),
// reading them from the model's output (grading/llm.ts), and the report (reports/report.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type AnnotationCandidate,
  keepWellFormedAnnotations,
  locateAnnotations,
  MAX_ANNOTATIONS,
  MAX_COMMENT_CHARS,
  normaliseWithMap,
  resolveCategory,
  validStoredAnnotations,
} from "../../supabase/functions/api/grading/annotations.ts";
import { finalizeLlmGrade, precheck } from "../../supabase/functions/api/grading/grade.ts";
import { overallSystemPrompt, systemPrompt } from "../../supabase/functions/api/grading/prompts.ts";
import { reportText, toReport, type ReportRow } from "../../supabase/functions/api/reports/report.ts";
import { DEFAULT_RUBRIC } from "@shared/grading.ts";
import { llmGradeSchema, type LlmGrade } from "../../supabase/functions/api/grading/schemas.ts";
import { fakeAnnotations, INVENTED_QUOTE } from "../fakes/llm.ts";

const dir = join(import.meta.dirname, "../fixtures/essays");
const strong = readFileSync(join(dir, "strong.txt"), "utf8");
const question = readFileSync(join(dir, "prompt.txt"), "utf8");

const cand = (quote: string, extra: Partial<AnnotationCandidate> = {}): AnnotationCandidate => ({
  quote,
  category: "언어 표현",
  kind: "고칠 점",
  comment: "설명",
  rewrite: "고친 문장",
  ...extra,
});

const answer = "스마트폰은 수업 집중도를\n\n떨어뜨린다.  따라서   제한해야 한다. 스마트폰은 편리하다.";

describe("locating quotes in the answer", () => {
  it("maps a quote matched after whitespace normalisation back to the original offsets", () => {
    const [a] = locateAnnotations(answer, [cand("집중도를 떨어뜨린다. 따라서")], DEFAULT_RUBRIC, "ai");
    expect(a.quote).toBe("집중도를\n\n떨어뜨린다.  따라서");
    expect(answer.slice(a.start, a.end)).toBe(a.quote);
    expect(a.start).toBe(answer.indexOf("집중도"));
    // A quote with more or other whitespace than the answer still matches.
    const [b] = locateAnnotations(answer, [cand("  제한해야\t\n한다. ")], DEFAULT_RUBRIC, "ai");
    expect(answer.slice(b.start, b.end)).toBe("제한해야 한다.");
  });

  it("uses UTF-16 offsets, as JavaScript strings index, around characters outside the BMP", () => {
    const text = "😀 이모지 뒤의 문장입니다. 𝒜 다음 문장도 있습니다.";
    const [a] = locateAnnotations(text, [cand("다음 문장도")], DEFAULT_RUBRIC, "ai");
    expect(text.slice(a.start, a.end)).toBe("다음 문장도");
    expect(a.start).toBe(text.indexOf("다음"));
  });

  it("ignores zero-width characters in the answer and in the quote, and NFC-normalises the quote", () => {
    const text = "수업\u200b 집중도를 높인다.";
    const [a] = locateAnnotations(text, [cand("수업 집중도를".normalize("NFD"))], DEFAULT_RUBRIC, "ai");
    expect(a).toBeDefined();
    expect(text.slice(a.start, a.end)).toBe("수업\u200b 집중도를");
  });

  it("drops quotes that do not occur, even nearly", () => {
    const got = locateAnnotations(
      answer,
      [cand("스마트폰은 수업 집중도를 크게 떨어뜨린다."), cand("스마트폰은수업"), cand(INVENTED_QUOTE), cand("")],
      DEFAULT_RUBRIC,
      "ai",
    );
    expect(got).toEqual([]);
  });

  it("drops overlaps, keeping the earlier one in the grader's order", () => {
    const got = locateAnnotations(
      answer,
      [cand("따라서   제한해야 한다."), cand("떨어뜨린다. 따라서"), cand("제한해야")],
      DEFAULT_RUBRIC,
      "ai",
    );
    expect(got.map((a) => a.quote)).toEqual(["따라서   제한해야 한다."]);
  });

  it("places a repeated quote at its next free occurrence, and returns annotations sorted by start", () => {
    const got = locateAnnotations(answer, [cand("스마트폰은 편리하다."), cand("스마트폰은"), cand("스마트폰은")], DEFAULT_RUBRIC, "ai");
    expect(got.map((a) => [a.start, a.quote])).toEqual([
      [0, "스마트폰은"],
      [answer.lastIndexOf("스마트폰은"), "스마트폰은 편리하다."],
    ]);
  });

  it("keeps Korean categories from the rubric, maps near names, drops unknown ones", () => {
    expect(resolveCategory("논리구조", DEFAULT_RUBRIC)).toBe("논리 구조");
    expect(resolveCategory("근거의 타당성 (30점)", DEFAULT_RUBRIC)).toBe("근거의 타당성");
    expect(resolveCategory("논리", DEFAULT_RUBRIC)).toBe("논리 구조");
    expect(resolveCategory("창의성", DEFAULT_RUBRIC)).toBeNull();
    expect(resolveCategory("", DEFAULT_RUBRIC)).toBeNull();
    const got = locateAnnotations(answer, [cand("스마트폰은 편리하다.", { category: "창의성" })], DEFAULT_RUBRIC, "ai");
    expect(got).toEqual([]);
  });

  it("keeps a rewrite only for 고칠 점, drops unknown kinds, clamps comments, caps the count", () => {
    const [q] = locateAnnotations(answer, [cand("스마트폰은 편리하다.", { kind: "질문", rewrite: "x" })], DEFAULT_RUBRIC, "offline");
    expect(q.rewrite).toBeNull();
    expect(q.source).toBe("offline");
    expect(locateAnnotations(answer, [cand("스마트폰은 편리하다.", { kind: "칭찬" })], DEFAULT_RUBRIC, "ai")).toEqual([]);
    const [long] = locateAnnotations(answer, [cand("스마트폰은 편리하다.", { comment: "가".repeat(5000) })], DEFAULT_RUBRIC, "ai");
    expect([...long.comment].length).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
    const words = Array.from({ length: 40 }, (_, i) => `낱말${i}번`);
    const many = locateAnnotations(
      words.join(" "),
      words.map((w) => cand(w)),
      DEFAULT_RUBRIC,
      "ai",
    );
    expect(many).toHaveLength(MAX_ANNOTATIONS);
  });

  it("reads at most MAX_CANDIDATES of 200 long quotes that do not occur in a 20,000-character answer", () => {
    const big = "가".repeat(20_000);
    const got = locateAnnotations(
      big,
      Array.from({ length: 200 }, () => cand("가".repeat(399) + "나")),
      DEFAULT_RUBRIC,
      "ai",
    );
    expect(got).toEqual([]);
    const norm = normaliseWithMap(big);
    expect(norm.text.length).toBe(20_000);
  });

  it("keeps only the annotations of the fake grader that really occur in a Korean essay", () => {
    const essay = `${strong}\n[[llm:ok:unit]]`;
    const pre = precheck({ essay, question, rubric: DEFAULT_RUBRIC });
    const { annotations, expectedKept } = fakeAnnotations(pre.essay, DEFAULT_RUBRIC);
    const grade: LlmGrade = {
      categories: DEFAULT_RUBRIC.map((c) => ({ name: c.name, score: c.maxScore * 0.8, feedback: "f" })),
      strengths: [],
      improvementAreas: [],
      detailedFeedback: "d",
      suggestions: [],
      onTopic: true,
      manipulationAttempt: false,
      annotations,
    };
    const r = finalizeLlmGrade(grade, DEFAULT_RUBRIC, pre, "m");
    expect(r.annotations.length).toBe(expectedKept.length);
    expect(r.annotations.length).toBeGreaterThanOrEqual(3);
    for (const a of r.annotations) {
      expect(essay.slice(a.start, a.end)).toBe(a.quote);
      expect(a.source).toBe("ai");
      expect(DEFAULT_RUBRIC.map((c) => c.name)).toContain(a.category);
    }
    expect(r.annotations.map((a) => a.quote.replace(/\s+/g, " "))).toEqual(expectedKept);
    expect(r.annotations.some((a) => a.quote.includes(INVENTED_QUOTE))).toBe(false);
  });
});

describe("the model's annotations", () => {
  it("are asked for in the prompt, with the rubric's names and the three kinds", () => {
    const prompt = systemPrompt(DEFAULT_RUBRIC, question);
    expect(prompt).toContain("annotations");
    expect(prompt).toContain("5~15개");
    expect(prompt).toMatch(/'잘한 점', '고칠 점', '질문'/);
    expect(prompt).toContain("그대로 복사");
  });

  it("are asked for with the same rules in the holistic and the overall prompt (written once)", () => {
    const rules = (p: string) =>
      p.split("\n").filter((l) => /^ {2}- (quote|kind|comment|rewrite|답안 속)/.test(l) || l.startsWith("- annotations"));
    const holistic = rules(systemPrompt(DEFAULT_RUBRIC, question));
    expect(holistic.length).toBe(6);
    expect(rules(overallSystemPrompt(DEFAULT_RUBRIC, question))).toEqual(holistic);
  });

  it("do not fail a grade when malformed: the well-formed ones are kept, a missing field means none", () => {
    const base = {
      categories: [],
      strengths: [],
      improvementAreas: [],
      detailedFeedback: "",
      suggestions: [],
      onTopic: true,
      manipulationAttempt: false,
    };
    expect(llmGradeSchema.safeParse(base).success).toBe(false);
    const none = llmGradeSchema.parse(keepWellFormedAnnotations(base));
    expect(none.annotations).toEqual([]);
    const mixed = llmGradeSchema.parse(
      keepWellFormedAnnotations({
        ...base,
        annotations: [
          { quote: "a", category: "c", kind: "고칠 점", comment: "x" },
          { quote: "b", category: "c", kind: "칭찬", comment: "x", rewrite: null },
          "junk",
          null,
        ],
      }),
    );
    expect(mixed.annotations).toEqual([{ quote: "a", category: "c", kind: "고칠 점", comment: "x", rewrite: null }]);
  });
});

describe("the report", () => {
  const row: ReportRow = {
    id: "00000000-0000-4000-8000-000000000001",
    student_name: "홍길동",
    student_id: "20240101",
    submitted_at: "2026-03-02T01:00:00Z",
    analysis_completed_at: "2026-03-02T01:01:00Z",
    essay_filename: null,
    prompt_filename: "문제.txt",
    overall_score: 80,
    max_score: 100,
    category_scores: [],
    strengths: [],
    improvement_areas: [],
    detailed_feedback: "",
    suggestions: [],
    grader: "ai",
    model: "m",
    flags: [],
    prompt_content: "문제 본문",
    criteria_content: "1. 논리 구조 (50점)\n2. 표현 (50점)",
    essay_content: answer,
    annotations: locateAnnotations(
      answer,
      [
        cand("스마트폰은 편리하다.", { category: "표현", kind: "잘한 점" }),
        cand("제한해야 한다.", { category: "논리 구조", rewrite: "제한하는 것이 바람직하다." }),
      ],
      [
        { name: "논리 구조", maxScore: 50 },
        { name: "표현", maxScore: 50 },
      ],
      "ai",
    ),
  };

  it("returns the question, the rubric, the answer and the annotations with offsets into it", () => {
    const r = toReport(row);
    expect(r.question).toBe("문제 본문");
    expect(r.rubric).toEqual([
      { name: "논리 구조", maxScore: 50 },
      { name: "표현", maxScore: 50 },
    ]);
    expect(r.answer).toBe(answer);
    expect(r.annotations).toHaveLength(2);
    for (const a of r.annotations) expect(r.answer.slice(a.start, a.end)).toBe(a.quote);
    expect(r.annotations[0]).toMatchObject({ kind: "고칠 점", category: "논리 구조", rewrite: "제한하는 것이 바람직하다.", source: "ai" });
  });

  it("drops stored annotations that do not slice the answer to their quote", () => {
    const bad = [
      { start: 0, end: 5, quote: "다른 글자", kind: "고칠 점", category: "표현", comment: "x", rewrite: null, source: "ai" },
      { start: -1, end: 3, quote: "", kind: "고칠 점", category: "표현", comment: "x", rewrite: null, source: "ai" },
      { start: 0, end: 999, quote: answer, kind: "질문", category: "표현", comment: "x", rewrite: null, source: "ai" },
      { start: 0, end: 5, quote: "스마트폰은", kind: "<b>", category: "표현", comment: "x", rewrite: null, source: "ai" },
    ];
    expect(validStoredAnnotations(answer, bad)).toEqual([]);
    expect(validStoredAnnotations(answer, "not an array")).toEqual([]);
    expect(toReport({ ...row, annotations: undefined, essay_content: undefined }).annotations).toEqual([]);
  });

  it("lists the annotations, numbered with their quotes, in the text download after the other sections", () => {
    const text = reportText(toReport(row));
    expect(text).toContain("[첨삭 표시]");
    expect(text.indexOf("[향후 개선 방안]")).toBeLessThan(text.indexOf("[첨삭 표시]"));
    expect(text).toContain("  1. [고칠 점 · 논리 구조] “제한해야 한다.”");
    expect(text).toContain("     고쳐 쓰기: 제한하는 것이 바람직하다.");
    expect(text).toContain("  2. [잘한 점 · 표현] “스마트폰은 편리하다.”");
    expect(reportText(toReport({ ...row, annotations: [] }))).toMatch(/\[첨삭 표시\]\n-+\n {2}\(없음\)/);
  });
});
