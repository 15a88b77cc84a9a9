// The facts at the top of a report come from one list (_shared/report.ts reportFacts): the teacher's
// screen, the print, the student link and the TXT show the same facts, each where its document has them.
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_RUBRIC } from "@shared/grading.ts";
import { reportData } from "../mocks/api.ts";
import { reportFacts, type ReportDocument } from "@shared/report.ts";
import { ReportDocumentView } from "@/components/report/report-document";
import { reportText, toReport, type ReportRow } from "../../supabase/functions/api/reports/report.ts";

afterEach(cleanup);

const answer = "스마트폰 사용은 제한되어야 한다. 🙂";
const teacher = reportData({
  categories: [{ name: "논리 구조", score: 36, maxScore: 40, feedback: "서론과 결론이 분명합니다." }],
  strengths: [],
  improvementAreas: [],
  detailedFeedback: "",
  suggestions: [],
  graderLabel: "AI 채점",
  model: null,
  promptFilename: null,
  question: "",
  rubric: DEFAULT_RUBRIC,
  answer,
});
const student: ReportDocument = {
  studentInfo: { name: "김민수" },
  submittedAt: teacher.submittedAt,
  reviewed: true,
  reviewedAt: "2026-03-03T01:00:00.000Z",
  overallScore: 72,
  maxScore: 100,
  categories: teacher.categories,
  strengths: [],
  improvementAreas: [],
  detailedFeedback: "",
  suggestions: [],
  annotations: [],
  question: "",
  answer,
  rubric: DEFAULT_RUBRIC,
};
const date = (iso: string | null) => (iso ? iso.slice(0, 10) : "-");

describe("reportFacts", () => {
  it("lists the name, the character count, 수험번호 and the dates the document has, in order", () => {
    expect(reportFacts(teacher, date).map((f) => `${f.label}=${f.value}`)).toEqual([
      "학생 이름=김민수",
      "글자 수=20자 (공백 포함)",
      "수험번호=20240001",
      "제출일=2026-03-02",
      "완료일=2026-03-02",
    ]);
    expect(reportFacts(student, date).map((f) => f.label)).toEqual(["학생 이름", "글자 수", "제출일", "검토"]);
    expect(reportFacts({ ...student, reviewed: false, edited: true }, date).at(-1)?.value).toBe("수정 저장됨 · 검토 완료 전");
  });

  it("shows the same facts on the screen, in print, on the student link and in the TXT", () => {
    const { unmount } = render(<ReportDocumentView report={teacher} layout="screen" />);
    expect(screen.getByTestId("report-fact-length").textContent).toBe("20자 (공백 포함)");
    expect(screen.getByTestId("report-fact-studentId").textContent).toBe("20240001");
    unmount();
    render(<ReportDocumentView report={teacher} layout="print" />);
    expect(within(screen.getByTestId("report-facts")).getByTestId("report-fact-length").textContent).toBe("20자 (공백 포함)");
    cleanup();
    render(<ReportDocumentView report={student} layout="screen" />);
    expect(screen.getByTestId("report-fact-length").textContent).toBe("20자 (공백 포함)");
    expect(screen.queryByTestId("report-fact-studentId")).toBeNull();
    expect(reportText(teacher)).toContain("글자 수     : 20자 (공백 포함)");
    expect(reportText(teacher)).toContain("학생 이름   : 김민수");
  });
});

describe("the TXT report", () => {
  const row: ReportRow = {
    id: "sub-1",
    student_name: "김민수",
    student_id: "20240001",
    submitted_at: "2026-03-02T01:00:00.000Z",
    analysis_completed_at: "2026-03-02T01:01:30.000Z",
    essay_filename: null,
    prompt_filename: null,
    overall_score: "80",
    max_score: "100",
    category_scores: [{ name: "논리 구조", score: 32, maxScore: 40, feedback: "좋습니다." }],
    strengths: [],
    improvement_areas: [],
    detailed_feedback: "",
    suggestions: [],
    grader: "ai",
    model: "gpt-4o-mini-2024-07-18",
    flags: [],
  };

  it("says how it was graded without the model id", () => {
    const r = toReport(row);
    expect(r.graderLabel).toBe("AI 채점");
    expect(r.model).toBe("gpt-4o-mini-2024-07-18");
    const txt = reportText(r);
    expect(txt).toContain("채점 방식   : AI 채점");
    expect(txt).not.toContain("gpt-4o-mini");
  });

  it("writes an offline measurement's decimal scores as whole points", () => {
    const txt = reportText(
      toReport({
        ...row,
        grader: "offline",
        model: null,
        overall_score: "64.7",
        category_scores: [{ name: "논리 구조", score: 26.4, maxScore: 40, feedback: "측정값" }],
      }),
    );
    expect(txt).toContain("총점        : 65 / 100점 (65%)");
    expect(txt).toContain("■ 논리 구조: 26 / 40점 (66%)");
    expect(txt).not.toMatch(/\d\.\d+ \//);
  });
});
