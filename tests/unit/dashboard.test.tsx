// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Submission } from "@shared/types.ts";
import { Dashboard } from "@/features/sessions/components/dashboard";
import { submission } from "../mocks/api.ts";

afterEach(cleanup);

const sub = (overrides: Partial<Submission>): Submission => submission(overrides);

const rows = () => screen.getAllByTestId("submission-row");

describe("Dashboard (docs/product.md#dashboard)", () => {
  it("shows the empty state and dashes for the average", () => {
    render(<Dashboard submissions={[]} />);
    expect(screen.getByText("아직 제출된 답안이 없습니다")).toBeTruthy();
    expect(screen.getByLabelText("평균 점수").textContent).toBe("-");
    expect(screen.getByLabelText("전체 제출").textContent).toBe("0");
    expect(screen.getByTestId("live-indicator").dataset.live).toBe("false");
  });

  it("shows summary cards, names, badges, progress, scores and actions on completed rows only", () => {
    const onView = vi.fn();
    const onDownload = vi.fn();
    const long = "가나다라마바사아자차".repeat(15);
    render(
      <Dashboard
        isLive
        onView={onView}
        onDownload={onDownload}
        submissions={[
          sub({
            id: "a1",
            studentName: "홍길동",
            status: "completed",
            progress: 100,
            score: 81,
            result: { overallScore: 81, maxScore: 100 },
            essay: long,
          }),
          sub({
            id: "a2",
            studentId: "20240002",
            status: "completed",
            progress: 100,
            score: 70,
            result: { overallScore: 70, maxScore: 100, grader: "offline" } as never,
          }),
          sub({ id: "a3", status: "analyzing", progress: 40, progressMessage: "" }),
          sub({ id: "00000000-0000-4000-8000-00000000wxyz", status: "pending" }),
          sub({ id: "a5", studentName: "오류생", status: "error", progressMessage: "채점에 실패했습니다." }),
        ]}
      />,
    );
    expect(screen.getByLabelText("완료된 채점").textContent).toBe("2");
    expect(screen.getByLabelText("대기 중").textContent).toBe("2");
    expect(screen.getByLabelText("전체 제출").textContent).toBe("5");
    expect(screen.getByLabelText("평균 점수").textContent).toBe("76");
    expect(screen.getByTestId("live-indicator").dataset.live).toBe("true");

    const [done, offline, analyzing, pending, failed] = rows();
    expect(done.textContent).toContain("홍길동");
    expect(done.textContent).toContain("완료");
    expect(done.textContent).toContain("81점");
    expect(done.textContent).toContain(long.slice(0, 100));
    expect(done.textContent).not.toContain(long.slice(0, 101));
    expect(offline.textContent).toContain("20240002");
    expect(within(offline).getByText("오프라인 분석")).toBeTruthy();
    expect(within(done).queryByText("오프라인 분석")).toBeNull();

    expect(analyzing.textContent).toContain("분석중");
    expect(analyzing.textContent).toContain("분석 중입니다...");
    expect(analyzing.textContent).toContain("40%");
    expect(analyzing.querySelector("progress")?.getAttribute("value")).toBe("40");
    expect(pending.textContent).toContain("익명 wxyz");
    expect(pending.textContent).toContain("대기중");
    expect(within(failed).getByText("오류").className).toContain("badge-error");

    for (const row of [analyzing, pending, failed]) expect(within(row).queryByRole("button")).toBeNull();
    fireEvent.click(within(done).getByRole("button", { name: "보기" }));
    expect(onView).toHaveBeenCalledWith(expect.objectContaining({ id: "a1" }), "점수: 81/100");
    fireEvent.click(within(offline).getByRole("button", { name: "다운로드" }));
    expect(onDownload).toHaveBeenCalledWith(expect.objectContaining({ id: "a2" }));
  });
});
