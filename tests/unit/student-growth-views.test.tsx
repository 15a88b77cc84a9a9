// @vitest-environment jsdom
// A student's page and the class matrix: the growth as words, a chart and the same numbers in a table;
// results linking to their reports; the printed 학생 성장 리포트; matrix cells that write their numbers
// (the heat colour only repeats them) and link to reports, names to students, sortable columns with
// blanks last, the class averages and who has not handed in.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClassMatrix, GrowthCategory, StudentHistory } from "@shared/growth.ts";
import { StudentGrowthView } from "@/features/students/components/student-page";
import { ClassMatrixView } from "@/features/classes/components/class-matrix";

afterEach(cleanup);

const cat = (name: string, score: number, max: number): GrowthCategory => ({ name, score, max, percent: Math.round((score / max) * 100) });

const HISTORY: StudentHistory = {
  student: {
    id: "st1",
    examNumber: "3",
    name: "김하나",
    notes: "발표를 좋아함",
    classes: [{ id: "c1", name: "2학년 3반", seatNumber: 2 }],
  },
  results: [
    {
      sessionId: "a1",
      sessionTitle: "3월 논술",
      sessionDate: "2026-03-01T00:00:00Z",
      submissionId: "sub1",
      submittedAt: "2026-03-01T01:00:00Z",
      total: 80,
      max: 100,
      percent: 80,
      categories: [cat("논리 구조", 36, 40), cat("근거의 타당성", 15, 30)],
      reviewed: false,
      comment: "AI 종합 평가",
    },
    {
      sessionId: "a2",
      sessionTitle: "4월 논술",
      sessionDate: "2026-04-01T00:00:00Z",
      submissionId: "sub2",
      submittedAt: "2026-04-01T01:00:00Z",
      total: 21,
      max: 30,
      percent: 70,
      categories: [cat("근거의 타당성", 12, 20), cat("창의성", 9, 10)],
      reviewed: true,
      comment: "선생님의 종합 평가",
    },
  ],
  categoryNames: ["논리 구조", "근거의 타당성", "창의성"],
  trends: ["근거의 타당성이 2회 연속 상승"],
  markKinds: [{ kind: "고칠 점", count: 3 }],
  markTopics: [{ kind: "고칠 점", category: "언어 표현", count: 3 }],
};

const renderIn = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe("student page", () => {
  it("shows who, the trends, the chart's numbers as a table, results linking to reports, marks and notes", () => {
    renderIn(<StudentGrowthView history={HISTORY} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("김하나");
    expect(screen.getByTestId("student-classes").textContent).toBe("2학년 3반 2번");
    expect(within(screen.getByTestId("growth-trends")).getByText("근거의 타당성이 2회 연속 상승")).toBeTruthy();
    expect(screen.getByRole("img", { name: "총점과 항목별 점수 추이 (%)" })).toBeTruthy();
    const rows = within(screen.getByTestId("growth-table")).getAllByRole("row").slice(1);
    expect(rows.map((r) => [...r.querySelectorAll("td,th")].map((c) => c.textContent))).toEqual([
      ["1회", "3월 논술", "2026. 3. 1.", "80%", "90%", "50%", "-"],
      ["2회", "4월 논술", "2026. 4. 1.", "70%", "-", "60%", "90%"],
    ]);
    const link = screen.getByRole("link", { name: "4월 논술 리포트 보기" });
    expect(link.getAttribute("href")).toBe("/sessions/a2/submissions/sub2");
    expect(within(screen.getByTestId("student-results")).getByText("선생님의 종합 평가")).toBeTruthy();
    expect(within(screen.getByTestId("mark-topics")).getByText("고칠 점 · 언어 표현")).toBeTruthy();
    expect(screen.getByTestId("student-notes").textContent).toBe("발표를 좋아함");
  });

  it("prints the 학생 성장 리포트 through the report's print portal, without the private notes", () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    renderIn(<StudentGrowthView history={HISTORY} />);
    fireEvent.click(screen.getByRole("button", { name: "성장 리포트 인쇄" }));
    const sheet = screen.getByTestId("growth-print");
    expect(sheet.closest("[data-print-root]")).toBeTruthy();
    expect(within(sheet).getByText("학생 성장 리포트")).toBeTruthy();
    expect(within(sheet).getByText("근거의 타당성이 2회 연속 상승")).toBeTruthy();
    expect(within(sheet).getByText("선생님의 종합 평가")).toBeTruthy();
    expect(sheet.textContent).not.toContain("발표를 좋아함");
    expect(print).toHaveBeenCalled();
    print.mockRestore();
  });
});

const cell = (submissionId: string, score: number, max: number, reviewed = false) => ({
  submissionId,
  score,
  max,
  percent: Math.round((score / max) * 100),
  reviewed,
  categories: [],
});

const MATRIX: ClassMatrix = {
  class: { id: "c1", name: "2학년 3반" },
  assignments: [
    {
      sessionId: "a1",
      title: "3월 논술",
      date: "2026-03-01T00:00:00Z",
      averagePercent: 65,
      categoryAverages: [{ name: "논리 구조", percent: 70, count: 2 }],
      notSubmitted: [{ id: "s3", name: "박셋", examNumber: "20" }],
    },
    {
      sessionId: "a2",
      title: "4월 논술",
      date: "2026-04-01T00:00:00Z",
      averagePercent: 70,
      categoryAverages: [{ name: "논리 구조", percent: 75, count: 1 }],
      notSubmitted: [],
    },
  ],
  students: [
    { id: "s2", examNumber: "10", name: "이둘", seatNumber: 1, cells: [cell("x1", 50, 100), null] },
    { id: "s1", examNumber: "3", name: "김하나", seatNumber: 2, cells: [cell("x2", 90, 100, true), cell("x3", 21, 30)] },
    { id: "s3", examNumber: "20", name: "박셋", seatNumber: null, cells: [null, null] },
  ],
  categoryNames: ["논리 구조"],
};

const names = () =>
  within(screen.getByTestId("class-matrix-table"))
    .getAllByTestId("class-matrix-row")
    .map((r) => r.querySelector("th")?.textContent);

describe("class matrix", () => {
  it("writes each cell's percent and points, tints it by tier, links cells to reports and names to students", () => {
    renderIn(<ClassMatrixView matrix={MATRIX} />);
    expect(names()).toEqual(["이둘", "김하나", "박셋"]);
    const cells = screen.getAllByTestId("class-matrix-cell");
    expect(cells.map((c) => c.textContent)).toEqual([
      "50%50/100이둘 · 3월 논술 리포트",
      "검토 완료, 90%90/100김하나 · 3월 논술 리포트",
      "70%21/30김하나 · 4월 논술 리포트",
    ]);
    expect(cells.map((c) => c.className.match(/bg-\w+\/\d+/)?.[0])).toEqual(["bg-error/15", "bg-success/15", "bg-warning/20"]);
    expect(within(cells[2]).getByRole("link").getAttribute("href")).toBe("/sessions/a2/submissions/x3");
    expect(screen.getByRole("link", { name: "김하나" }).getAttribute("href")).toBe("/students/s1");
  });

  it("sorts by an assignment (highest first, blanks last), then the other way, by name and by 수험번호 as numbers", () => {
    renderIn(<ClassMatrixView matrix={MATRIX} />);
    fireEvent.click(screen.getByRole("button", { name: /^3월 논술/ }));
    expect(names()).toEqual(["김하나", "이둘", "박셋"]);
    expect(
      screen
        .getByRole("button", { name: /^3월 논술/ })
        .closest("th")
        ?.getAttribute("aria-sort"),
    ).toBe("descending");
    fireEvent.click(screen.getByRole("button", { name: /^3월 논술/ }));
    expect(names()).toEqual(["이둘", "김하나", "박셋"]);
    fireEvent.click(screen.getByRole("button", { name: /^이름/ }));
    expect(names()).toEqual(["김하나", "박셋", "이둘"]);
    fireEvent.click(screen.getByRole("button", { name: /^수험번호/ }));
    expect(names()).toEqual(["김하나", "이둘", "박셋"]);
  });

  it("shows the class averages as a table and who has not handed in, and offers the .xlsx", () => {
    const onExport = vi.fn();
    renderIn(<ClassMatrixView matrix={MATRIX} onExport={onExport} />);
    const rows = within(screen.getByTestId("class-averages-table")).getAllByRole("row").slice(1);
    expect(rows.map((r) => [...r.querySelectorAll("td,th")].map((c) => c.textContent))).toEqual([
      ["1회", "3월 논술", "2026. 3. 1.", "2", "65%", "70%"],
      ["2회", "4월 논술", "2026. 4. 1.", "1", "70%", "75%"],
    ]);
    const missing = screen.getByTestId("class-not-submitted");
    expect(within(missing).getByRole("link", { name: "박셋" }).getAttribute("href")).toBe("/students/s3");
    expect(within(missing).getByText("모두 제출했습니다.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "엑셀(.xlsx) 내려받기" }));
    expect(onExport).toHaveBeenCalled();
  });
});
