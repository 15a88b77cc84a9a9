// Rough edges of the class-view issue: particles after a plan name, the list's essay preview, and the
// wording when a file is merely chosen.
import { describe, expect, it } from "vitest";
import { finalConsonant, withParticle } from "@/lib/korean";
import { essayPreview } from "@/features/sessions/utils/submission-stats";
import { SESSION_MESSAGES } from "@/features/sessions/messages";

describe("withParticle", () => {
  /** Asserts withParticle(word, particle) is the word and then the suffix it is listed under, for every word. */
  const expectParticle = (particle: Parameters<typeof withParticle>[1], bySuffix: Record<string, string[]>) => {
    for (const [suffix, words] of Object.entries(bySuffix)) {
      for (const word of words) expect(withParticle(word, particle), word).toBe(`${word}${suffix}`);
    }
  };

  it("picks 으로 / 로 by the last syllable's 받침 (ㄹ takes 로)", () => {
    expectParticle("ro", { 으로: ["기업", "체험판", "답안"], 로: ["교육자", "프로", "서울"] });
  });

  it("reads digits as Sino-Korean and keeps the bracketed form when it cannot tell", () => {
    expectParticle("ro", { 으로: ["플랜 3"], 로: ["플랜 2", "플랜 7"], "(으)로": ["Pro", ""] });
  });

  it("handles the other particle pairs", () => {
    expectParticle("eul", { 을: ["기업"], 를: ["교육자"] });
    expectParticle("i", { 이: ["기업"] });
    expectParticle("eun", { 는: ["교육자"] });
    expectParticle("gwa", { 과: ["서울"] });
    expect(finalConsonant("기업)")).toBe(17);
  });
});

describe("essayPreview", () => {
  it("leaves a short answer whole", () => {
    expect(essayPreview("짧은 답안입니다.")).toBe("짧은 답안입니다.");
  });

  it("cuts a 100-character preview at a word boundary and adds …", () => {
    const words = "스마트폰 사용을 제한해야 하는지에 대한 논쟁이 이어지고 있다. ".repeat(5);
    const head = [...words].slice(0, 100).join("");
    const preview = essayPreview(head);
    expect(preview.endsWith("…")).toBe(true);
    const body = preview.slice(0, -1);
    expect(head.startsWith(body)).toBe(true);
    // The character after the cut in the original is a space: no word is split.
    expect(/\s/u.test(head[body.length] ?? " ") || head.slice(body.length).trim().startsWith(".")).toBe(true);
    expect([...body].length).toBeLessThanOrEqual(100);
  });

  it("cuts a preview without spaces at the limit, still with …", () => {
    const preview = essayPreview("가".repeat(100));
    expect(preview).toBe(`${"가".repeat(100)}…`);
  });
});

describe("choosing a setup file", () => {
  it("says the file was chosen, not uploaded", () => {
    expect(SESSION_MESSAGES.files.chosen("문제.txt")).toBe("문제.txt 파일을 선택했습니다.");
    expect(SESSION_MESSAGES.files.chosenTitle).not.toContain("업로드");
  });
});
