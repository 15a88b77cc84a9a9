import { describe, expect, it } from "vitest";
import { type CsvSubmissionRow, csvText, resultsCsv, resultsCsvFilename, seoulDateTime } from "../../supabase/functions/api/reports/csv.ts";

function row(overrides: Partial<CsvSubmissionRow>): CsvSubmissionRow {
  return {
    student_name: "홍길동",
    student_id: "20240101",
    status: "completed",
    submitted_at: "2026-03-01T15:05:00.000Z",
    analysis_completed_at: "2026-03-01T15:07:30.000Z",
    overall_score: "80",
    max_score: "100",
    category_scores: [
      { name: "논리 구조", score: 32, maxScore: 40 },
      { name: "근거의 타당성", score: 24, maxScore: 30 },
      { name: "언어 표현", score: 24, maxScore: 30 },
    ],
    grader: "ai",
    ...overrides,
  };
}

/** Splits the document into rows of raw cells (good enough for tests: no quoted CRLF inside). */
const lines = (csv: string) => csv.replace(/^\uFEFF/, "").split("\r\n");

describe("results CSV", () => {
  it("starts with a BOM, uses CRLF and has a header with one column per rubric category", () => {
    const csv = resultsCsv([row({})]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    const [header, first, rest] = lines(csv);
    expect(header).toBe(
      "학생 이름,수험번호,상태,총점,만점,논리 구조,근거의 타당성,언어 표현,논리 구조 AI,근거의 타당성 AI,언어 표현 AI," +
        "논리 구조 만점,근거의 타당성 만점,언어 표현 만점,채점 방식,제출 시각,완료 시각,검토 완료",
    );
    expect(first).toBe("홍길동,20240101,완료,80,100,32,24,24,32,24,24,40,30,30,AI,2026-03-02 00:05,2026-03-02 00:07,아니오");
    expect(rest).toBe("");
  });

  it("leaves score cells empty for answers not completed and labels every status in Korean", () => {
    const csv = resultsCsv([
      row({ status: "pending", overall_score: null, max_score: null, category_scores: null, grader: null, analysis_completed_at: null }),
      row({ status: "analyzing", overall_score: null, max_score: null, category_scores: null, grader: null }),
      row({ status: "error", overall_score: null, max_score: null, category_scores: null, grader: null }),
      row({ grader: "offline", overall_score: "72.5", category_scores: [{ name: "논리 구조", score: 30.5 }] }),
    ]);
    const [, pending, analyzing, error, offline] = lines(csv);
    expect(lines(csv)[0]).toBe(
      "학생 이름,수험번호,상태,총점,만점,논리 구조,논리 구조 AI,논리 구조 만점,채점 방식,제출 시각,완료 시각,검토 완료",
    );
    expect(pending).toBe("홍길동,20240101,대기중,,,,,,,2026-03-02 00:05,,");
    expect(analyzing.split(",")[2]).toBe("분석중");
    expect(error).toBe("홍길동,20240101,오류,,,,,,,2026-03-02 00:05,,");
    expect(offline).toBe("홍길동,20240101,완료,72.5,100,30.5,30.5,,오프라인,2026-03-02 00:05,2026-03-02 00:07,아니오");
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(csvText('김, "철수"')).toBe('"김, ""철수"""');
    expect(csvText("첫 줄\n둘째 줄")).toBe('"첫 줄\n둘째 줄"');
    expect(csvText("a\r\nb")).toBe('"a\r\nb"');
    expect(csvText("평범")).toBe("평범");
    expect(csvText(null)).toBe("");
    const csv = resultsCsv([row({ student_name: 'Kim, "J"' })]);
    expect(lines(csv)[1].startsWith('"Kim, ""J""",20240101,')).toBe(true);
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    expect(csvText("=SUM(A1:A9)")).toBe("'=SUM(A1:A9)");
    expect(csvText("+82-10")).toBe("'+82-10");
    expect(csvText("-1")).toBe("'-1");
    expect(csvText("@cmd")).toBe("'@cmd");
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvText("a=b")).toBe("a=b");
    const csv = resultsCsv([row({ student_name: "=1+1", category_scores: [{ name: "@항목", score: 5 }] })]);
    const [header, first] = lines(csv);
    expect(header).toContain(",'@항목,");
    expect(first.startsWith("'=1+1,")).toBe(true);
  });

  it("carries the AI's and the teacher's score per category, each answer against its own maxima", () => {
    const csv = resultsCsv([
      row({
        student_name: "검토",
        category_scores: [{ name: "논리 구조", score: 25, maxScore: 40 }],
        ai_category_scores: [{ name: "논리 구조", score: 32 }],
        reviewed_at: "2026-03-02T00:00:00.000Z",
      }),
      row({ student_name: "새기준", student_id: "20240102", category_scores: [{ name: "논리 구조", score: 30, maxScore: 30 }] }),
    ]);
    const [header, reviewed, regraded] = lines(csv).map((l) => l.split(","));
    const col = (name: string) => header.indexOf(name);
    expect([reviewed[col("논리 구조")], reviewed[col("논리 구조 AI")], reviewed[col("논리 구조 만점")]]).toEqual(["25", "32", "40"]);
    expect([regraded[col("논리 구조")], regraded[col("논리 구조 AI")], regraded[col("논리 구조 만점")]]).toEqual(["30", "30", "30"]);
  });

  it("collects categories across answers in order of first appearance", () => {
    const csv = resultsCsv([
      row({ category_scores: [{ name: "A", score: 1 }] }),
      row({
        category_scores: [
          { name: "B", score: 2 },
          { name: "A", score: 3 },
        ],
      }),
    ]);
    const [header, first, second] = lines(csv);
    expect(header.split(",").slice(5, 7)).toEqual(["A", "B"]);
    expect(first.split(",").slice(5, 7)).toEqual(["1", ""]);
    expect(second.split(",").slice(5, 7)).toEqual(["3", "2"]);
  });

  it("orders rows by 수험번호 as read (2 before 10), then name, answers without a number last", () => {
    const csv = resultsCsv([
      row({ student_id: "10", student_name: "가" }),
      row({ student_id: null, student_name: "무번호" }),
      row({ student_id: "2", student_name: "나" }),
      row({ student_id: "20240003", student_name: "다" }),
      row({ student_id: "2", student_name: "가" }),
      row({ student_id: "", student_name: "빈번호" }),
      row({ student_id: "20240001", student_name: "라" }),
    ]);
    const order = lines(csv)
      .slice(1, -1)
      .map((l) => l.split(",").slice(0, 2).join(":"));
    expect(order).toEqual(["가:2", "나:2", "가:10", "라:20240001", "다:20240003", "무번호:", "빈번호:"]);
  });

  it("formats times in Asia/Seoul as YYYY-MM-DD HH:mm", () => {
    expect(seoulDateTime("2026-12-31T15:00:00Z")).toBe("2027-01-01 00:00");
    expect(seoulDateTime(new Date("2026-06-15T03:04:59Z"))).toBe("2026-06-15 12:04");
    expect(seoulDateTime(null)).toBe("");
  });

  it("names the file after the prompt without its extension", () => {
    expect(resultsCsvFilename("스마트폰_논술문제.txt")).toBe("채점결과_스마트폰_논술문제.csv");
    expect(resultsCsvFilename("2026 모의고사: 1번.docx")).toBe("채점결과_2026_모의고사_1번.csv");
    expect(resultsCsvFilename(null)).toBe("채점결과.csv");
  });
});
