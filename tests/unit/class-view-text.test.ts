// Rough edges of the class-view issue: particles after a plan name, the list's essay preview, and the
// wording when a file is merely chosen.
import { describe, expect, it } from "vitest";
import { finalConsonant, withParticle } from "@/lib/korean";
import { essayPreview } from "@/features/sessions/utils/submission-stats";
import { SESSION_MESSAGES } from "@/features/sessions/messages";

describe("withParticle", () => {
  it("picks 으로 / 로 by the last syllable's 받침 (ㄹ takes 로)", () => {
    expect(withParticle("기업", "ro")).toBe("기업으로");
    expect(withParticle("체험판", "ro")).toBe("체험판으로");
    expect(withParticle("교육자", "ro")).toBe("교육자로");
    expect(withParticle("프로", "ro")).toBe("프로로");
    expect(withParticle("서울", "ro")).toBe("서울로");
    expect(withParticle("답안", "ro")).toBe("답안으로");
  });

  it("reads digits as Sino-Korean and keeps the bracketed form when it cannot tell", () => {
    expect(withParticle("플랜 3", "ro")).toBe("플랜 3으로");
    expect(withParticle("플랜 2", "ro")).toBe("플랜 2로");
    expect(withParticle("플랜 7", "ro")).toBe("플랜 7로");
    expect(withParticle("Pro", "ro")).toBe("Pro(으)로");
    expect(withParticle("", "ro")).toBe("(으)로");
  });

  it("handles the other particle pairs", () => {
    expect(withParticle("기업", "eul")).toBe("기업을");
    expect(withParticle("교육자", "eul")).toBe("교육자를");
    expect(withParticle("기업", "i")).toBe("기업이");
    expect(withParticle("교육자", "eun")).toBe("교육자는");
    expect(withParticle("서울", "gwa")).toBe("서울과");
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
