// The class .xlsx's sheets and file name, and the RFC 5987 file name every download sends: characters
// outside RFC 5987's attr-char (' ( ) *) are percent-encoded too, so a class named "1반 (오후)" arrives whole.
import { describe, expect, it } from "vitest";
import { attachmentHeader } from "../../supabase/functions/api/lib/http.ts";
import { averagesSheet, classExportFilename, scoresSheet } from "../../supabase/functions/api/classes/export.ts";
import type { ClassMatrix } from "../../supabase/functions/_shared/growth.ts";

const MATRIX: ClassMatrix = {
  class: { id: "c", name: "1반 (오후)" },
  assignments: [
    {
      sessionId: "a",
      title: "=SUM(A1)",
      date: "2026-03-01T00:00:00Z",
      averagePercent: 80,
      categoryAverages: [{ name: "논리", percent: 75, count: 1 }],
      notSubmitted: [],
    },
  ],
  students: [
    {
      id: "s",
      examNumber: "7",
      name: "+김",
      seatNumber: null,
      cells: [{ submissionId: "x", score: 8, max: 10, percent: 80, reviewed: true, categories: [] }],
    },
    { id: "t", examNumber: "8", name: "이", seatNumber: 3, cells: [null] },
  ],
  categoryNames: ["논리", "창의"],
};

const values = (rows: unknown[][]) => rows.map((r) => r.map((c) => (c && typeof c === "object" ? (c as { value: unknown }).value : c)));

describe("class .xlsx", () => {
  it("keeps text as text (a name or title starting with = or + is a String cell) and leaves blanks empty", () => {
    const rows = scoresSheet(MATRIX);
    expect(values(rows)).toEqual([
      ["수험번호", "이름", "번호", "=SUM(A1) 점수", "=SUM(A1) %"],
      ["7", "+김", null, 8, 80],
      ["8", "이", 3, null, null],
    ]);
    expect((rows[1][1] as { type: unknown }).type).toBe(String);
    expect(values(averagesSheet(MATRIX))).toEqual([
      ["과제", "날짜", "채점 인원", "총점 %", "논리 %", "창의 %"],
      ["=SUM(A1)", "2026. 3. 1.", 1, 80, 75, null],
    ]);
  });

  it("names the file after the class, characters Windows refuses replaced", () => {
    expect(classExportFilename("1반 (오후)")).toBe("1반_(오후)_성적.xlsx");
    expect(classExportFilename("a/b:c")).toBe("a_b_c_성적.xlsx");
    expect(classExportFilename("  ")).toBe("반_성적.xlsx");
  });

  it("sends the name as RFC 5987 attr-chars and an ASCII fallback", () => {
    const header = attachmentHeader("1반_(오후)_성적.xlsx");
    expect(header).toBe(
      `attachment; filename="1__(__)___.xlsx"; filename*=UTF-8''1${encodeURIComponent("반")}_%28${encodeURIComponent("오후")}%29_${encodeURIComponent("성적")}.xlsx`,
    );
    expect(header.split("filename*=UTF-8''")[1]).not.toMatch(/[()'*]/);
  });
});
