// @vitest-environment jsdom
// The dashboard's 표 and 요약 views: the switch, sorting and searching the
// table, opening a report from it, and the summary's charts with their text equivalents.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Submission } from "@shared/types.ts";
import { Dashboard } from "@/features/sessions/components/dashboard";
import { gradedSubmission, submission } from "../mocks/api.ts";

afterEach(cleanup);

const done = (id: string, name: string, studentId: string, total: number, flags: NonNullable<Submission["result"]>["flags"] = []) =>
  gradedSubmission(id, name, studentId, total, {
    maxScore: 100,
    categoryScores: [
      { name: "논리 구조", score: Math.round(total * 0.4), maxScore: 40 },
      { name: "언어 표현", score: total - Math.round(total * 0.4), maxScore: 60 },
    ],
    flags,
  });

const LIST = [
  done("a", "홍길동", "10", 80),
  done("b", "김철수", "2", 65, ["off_topic"]),
  submission({ id: "c", studentName: "이영희", studentId: "3", status: "analyzing", progress: 30 }),
  done("d", "박민수", "1", 92, ["manipulation", "too_short"]),
];

const bodyNames = () =>
  within(screen.getByTestId("results-table"))
    .getAllByTestId("results-row")
    .map((tr) => tr.querySelector("th")?.textContent);

describe("dashboard views", () => {
  it("switches 목록 / 표 / 요약 with pressed buttons and reports the choice", { timeout: 30_000 }, async () => {
    const onViewChange = vi.fn();
    const { rerender } = render(<Dashboard submissions={LIST} view="list" onViewChange={onViewChange} />);
    const group = screen.getByRole("group", { name: "보기 방식" });
    expect(within(group).getByRole("button", { name: "목록" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(within(group).getByRole("button", { name: "표" }));
    expect(onViewChange).toHaveBeenCalledWith("table");
    rerender(<Dashboard submissions={LIST} view="table" onViewChange={onViewChange} />);
    expect(screen.queryAllByTestId("submission-row")).toHaveLength(0);
    expect(await screen.findByRole("table", undefined, { timeout: 20_000 })).toBeTruthy();
  });

  it(
    "table: 수험번호 order first, any column sorts both ways, search and status filter narrow, a row opens its report",
    { timeout: 30_000 },
    async () => {
      const onView = vi.fn();
      render(<Dashboard submissions={LIST} view="table" onView={onView} />);
      await screen.findByTestId("results-table", undefined, { timeout: 20_000 });
      expect(bodyNames()).toEqual(["박민수", "김철수", "이영희", "홍길동"]);
      const headers = screen.getAllByRole("columnheader").map((th) => th.textContent);
      expect(headers).toEqual(["이름", "수험번호", "상태", "총점", "논리 구조 (40)", "언어 표현 (60)"]);

      const total = screen.getByRole("columnheader", { name: "총점" });
      fireEvent.click(within(total).getByRole("button"));
      expect(total.getAttribute("aria-sort")).toBe("descending");
      expect(bodyNames()).toEqual(["박민수", "홍길동", "김철수", "이영희"]);
      fireEvent.click(within(total).getByRole("button"));
      expect(total.getAttribute("aria-sort")).toBe("ascending");
      // The answer without a score stays last either way.
      expect(bodyNames()).toEqual(["김철수", "홍길동", "박민수", "이영희"]);

      const name = screen.getByRole("columnheader", { name: "이름" });
      fireEvent.click(within(name).getByRole("button"));
      expect(name.getAttribute("aria-sort")).toBe("ascending");
      expect(total.getAttribute("aria-sort")).toBe("none");
      expect(bodyNames()).toEqual(["김철수", "박민수", "이영희", "홍길동"]);

      fireEvent.change(screen.getByLabelText("이름 또는 수험번호 검색"), { target: { value: "길동" } });
      expect(bodyNames()).toEqual(["홍길동"]);
      expect(screen.getByTestId("results-count").textContent).toBe("4명 중 1명 표시");
      fireEvent.change(screen.getByLabelText("이름 또는 수험번호 검색"), { target: { value: "" } });
      fireEvent.change(screen.getByLabelText("상태"), { target: { value: "analyzing" } });
      expect(bodyNames()).toEqual(["이영희"]);
      fireEvent.change(screen.getByLabelText("상태"), { target: { value: "all" } });

      // The name of a completed answer is a real link to its report; a click opens it in place.
      const link = screen.getByRole("link", { name: "홍길동" });
      expect(link.className).toContain("link");
      fireEvent.click(link);
      expect(onView).toHaveBeenCalledWith(expect.objectContaining({ id: "a" }), "점수: 80/100");
      expect(screen.queryByRole("link", { name: "이영희" })).toBeNull();
    },
  );

  it("summary: four charts, each an image with a name and description and a table of its numbers", { timeout: 30_000 }, async () => {
    render(<Dashboard submissions={LIST} view="summary" />);
    const summary = await screen.findByTestId("class-summary", undefined, { timeout: 20_000 });
    const images = within(summary).getAllByRole("img");
    expect(
      images.map(
        (svg) => svg.getAttribute("aria-labelledby") && document.getElementById(svg.getAttribute("aria-labelledby")!)?.textContent,
      ),
    ).toEqual(["점수 분포", "점수 범위 (최저 · 중앙값 · 최고)", "평가 항목별 평균 (만점 대비)", "확인이 필요한 답안"]);
    const spread = screen.getByTestId("chart-spread");
    expect(within(spread).getByTestId("chart-summary").textContent).toContain("최저 65점, 중앙값 80점, 최고 92점");
    const flags = within(screen.getByTestId("chart-flags")).getByTestId("chart-table");
    expect(within(flags).getByRole("row", { name: /주제 이탈/ }).textContent).toContain("1개");
    expect(within(flags).getByRole("row", { name: /조작 시도/ }).textContent).toContain("1개");
    const categories = within(screen.getByTestId("chart-categories")).getByTestId("chart-table");
    expect(within(categories).getByRole("row", { name: /논리 구조/ }).textContent).toContain("40");
  });

  it(
    "summary: coinciding spread points share one label, and the histogram names each bar's range under it",
    { timeout: 30_000 },
    async () => {
      render(<Dashboard submissions={[done("a", "가", "1", 55), done("b", "나", "2", 100), done("c", "다", "3", 100)]} view="summary" />);
      await screen.findByTestId("class-summary", undefined, { timeout: 20_000 });
      const labels = within(screen.getByTestId("chart-spread"))
        .getAllByTestId("spread-label")
        .map((t) => t.textContent);
      expect(labels.sort()).toEqual(["최고·중앙값 100", "최저 55"]);
      const ticks = within(screen.getByTestId("chart-histogram"))
        .getAllByText(/^\d+~\d+$/)
        .filter((t) => t.closest("svg[role=img]"))
        .map((t) => t.textContent);
      expect(ticks[0]).toBe("0~10");
      expect(ticks.at(-1)).toBe("90~100");
    },
  );
});
