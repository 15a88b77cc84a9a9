// The edit log's lines in AI 원안 보기: the summary the server leaves when it squashes the oldest entries.
import { describe, expect, it } from "vitest";
import { editFieldLabel, editSummary } from "@/features/sessions/components/ai-original-dialog";

describe("edit log lines", () => {
  it("names the squashed summary and says how many changes it stands for", () => {
    const summary = {
      id: "s",
      at: "2026-11-26T00:00:00Z",
      field: "earlierEdits",
      before: null,
      after: { count: 412, from: "2026-11-25T00:00:00Z", to: "2026-11-26T00:00:00Z" },
      by: null,
    };
    expect(editFieldLabel("earlierEdits")).toBe("이전 변경 기록");
    expect(editSummary(summary)).toBe("이전 변경 412건을 하나로 정리했습니다");
  });

  it("keeps the other lines as before", () => {
    expect(editFieldLabel("category:논리")).toBe("논리 점수·피드백");
    expect(editSummary({ id: "a", at: "2026-11-26T00:00:00Z", field: "strengths", before: ["a"], after: ["a", "b"], by: "교사" })).toBe(
      "1개 → 2개",
    );
  });
});
