// @vitest-environment jsdom
// Results keep their rubric: a result's rubric is its stored snapshot (else its categories' maxima);
// the class summary compares on the session's current rubric only and says how many it left out;
// the 전체 재채점 dialog names the uses it charges and warns before replacing reviews.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Submission } from "@shared/types.ts";
import type { RubricCategory } from "@shared/grading.ts";
import { resultRubric, rubricLine, sameRubricScale } from "@shared/rubric-scale.ts";
import { ClassSummaryView } from "@/features/sessions/components/class-summary";
import { ResultsTable } from "@/features/sessions/components/results-table";
import { RegradeAllDialog } from "@/features/sessions/components/regrade-all-dialog";
import { gradedSubmission } from "../mocks/api.ts";

afterEach(cleanup);

const OLD = [
  { name: "논리 구조", maxScore: 40 },
  { name: "언어 표현", maxScore: 60 },
];
const NEW = [
  { name: "논리 구조", maxScore: 30 },
  { name: "언어 표현", maxScore: 60 },
  { name: "창의성", maxScore: 10 },
];
const graded = (id: string, rubric: typeof OLD, scores: number[]): Submission => {
  const s = gradedSubmission(id, `학생${id}`, id, 0, {
    maxScore: 100,
    categoryScores: rubric.map((c, i) => ({ name: c.name, score: scores[i], maxScore: c.maxScore })),
  });
  return {
    ...s,
    score: scores.reduce((a, b) => a + b, 0),
    result: { ...s.result!, overallScore: scores.reduce((a, b) => a + b, 0), rubric },
  };
};

describe("a result's rubric", () => {
  it("is the stored snapshot, else the maxima of its category scores", () => {
    expect(resultRubric([{ name: "논리 구조", maxScore: 30, description: "짜임" }])).toEqual([
      { name: "논리 구조", maxScore: 30, description: "짜임" },
    ]);
    expect(resultRubric(null, [{ name: "논리 구조", score: 12, maxScore: 40, feedback: "" }])).toEqual([
      { name: "논리 구조", maxScore: 40 },
    ]);
    expect(resultRubric("nonsense", "nonsense")).toEqual([]);
  });

  it("compares on names, order and maxima, not descriptions", () => {
    const described: RubricCategory[] = [{ name: "A", maxScore: 40, description: "x" }];
    expect(sameRubricScale(described, [{ name: "A", maxScore: 40 }])).toBe(true);
    expect(sameRubricScale(OLD, NEW)).toBe(false);
    expect(sameRubricScale(OLD, [...OLD].reverse())).toBe(false);
    expect(rubricLine(NEW)).toBe("논리 구조 (30) · 언어 표현 (60) · 창의성 (10)");
  });
});

describe("class summary on the current rubric", () => {
  it("leaves out results graded under an older rubric and says how many", () => {
    const list = [graded("1", OLD, [40, 60]), graded("2", OLD, [20, 30]), graded("3", NEW, [30, 40, 0])];
    render(<ClassSummaryView submissions={list} rubric={NEW} />);
    expect(screen.getByTestId("class-summary-left-out").textContent).toContain("이전 평가 기준으로 채점된 답안 2개");
    const categories = screen.getByTestId("chart-categories");
    // Only the current-rubric answer is averaged: 논리 구조 30 / 30, never a mix of 40- and 30-point scales.
    const rows = within(categories)
      .getAllByRole("row")
      .map((r) => r.textContent);
    expect(rows).toContain("논리 구조30301개");
    expect(rows).toContain("창의성0101개");
    expect(within(screen.getByTestId("chart-histogram")).getByTestId("chart-summary").textContent).toContain("완료된 답안 1개");
  });

  it("shows every result when all are on the current rubric (no note)", () => {
    render(<ClassSummaryView submissions={[graded("1", NEW, [30, 60, 10])]} rubric={NEW} />);
    expect(screen.queryByTestId("class-summary-left-out")).toBeNull();
  });
});

describe("results table", () => {
  it("shows a score against its own maximum when its rubric differs from the column's", () => {
    render(<ResultsTable submissions={[graded("1", OLD, [40, 60]), graded("2", NEW, [30, 40, 0])]} />);
    const rows = screen.getAllByTestId("results-row").map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent));
    expect(screen.getByRole("button", { name: /논리 구조 \(40\)/ })).toBeTruthy();
    expect(rows.find((cells) => cells.includes("30 / 30"))).toBeTruthy(); // re-graded on the 30-point scale
    expect(rows.find((cells) => cells.includes("40"))).toBeTruthy(); // the old result on its own 40-point scale
  });
});

describe("전체 재채점 dialog", () => {
  const status = { completed: 7, outdated: 7, outdatedReviewed: 2, reviewed: 2, regrading: 0, rubric: NEW };

  it("names the uses it charges; ticking 검토한 답안도 재채점 adds them and warns", () => {
    const onConfirm = vi.fn();
    render(<RegradeAllDialog open status={status} onCancel={() => {}} onConfirm={onConfirm} />);
    expect(screen.getByTestId("regrade-all-uses").textContent).toContain("사용 횟수 5회");
    fireEvent.click(screen.getByRole("checkbox", { name: /검토한 답안도 재채점/ }));
    expect(screen.getByTestId("regrade-all-uses").textContent).toContain("사용 횟수 7회");
    expect(screen.getByText(/검토 완료 표시가 새 채점 결과로 바뀝니다/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "7개 재채점 (7회 사용)" }));
    expect(onConfirm).toHaveBeenCalledWith(true);
  });

  it("shows the server's refusal", () => {
    render(
      <RegradeAllDialog open status={status} error="전체 재채점에는 사용 횟수 5회가 필요하지만" onCancel={() => {}} onConfirm={() => {}} />,
    );
    expect(screen.getByRole("alert").textContent).toContain("5회");
  });
});
