// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Submission } from "@shared/types.ts";
import { Dashboard } from "@/features/sessions/components/dashboard";
import { submission } from "../mocks/api.ts";

afterEach(cleanup);

const sub = (overrides: Partial<Submission>): Submission => submission(overrides);

describe("Dashboard teacher tools", () => {
  it("enables 결과 CSV 다운로드 only once an answer is completed", () => {
    const onExportCsv = vi.fn();
    const { rerender } = render(<Dashboard onExportCsv={onExportCsv} submissions={[sub({ id: "p1" })]} />);
    const button = screen.getByRole("button", { name: "결과 CSV 다운로드" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    rerender(
      <Dashboard
        onExportCsv={onExportCsv}
        submissions={[sub({ id: "c1", status: "completed", score: 80, result: { overallScore: 80, maxScore: 100 } })]}
      />,
    );
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onExportCsv).toHaveBeenCalledTimes(1);
  });

  it("shows the reason and 다시 채점 on error rows only", () => {
    const onRetry = vi.fn();
    render(
      <Dashboard
        onRetry={onRetry}
        submissions={[
          sub({ id: "e1", studentName: "오류생", status: "error", progressMessage: "AI 응답을 받지 못했습니다." }),
          sub({ id: "c1", studentName: "완료생", status: "completed", score: 80, result: { overallScore: 80, maxScore: 100 } }),
        ]}
      />,
    );
    const [failed, done] = screen.getAllByTestId("submission-row");
    expect(failed.textContent).toContain("AI 응답을 받지 못했습니다.");
    fireEvent.click(within(failed).getByRole("button", { name: "다시 채점" }));
    expect(onRetry).toHaveBeenCalledWith(expect.objectContaining({ id: "e1" }));
    expect(within(done).queryByRole("button", { name: "다시 채점" })).toBeNull();
  });

  it("asks before deleting and deletes only on 삭제", async () => {
    const onDelete = vi.fn().mockResolvedValue(undefined);
    render(<Dashboard onDelete={onDelete} submissions={[sub({ id: "d1", studentName: "삭제생", status: "completed" })]} />);
    const row = screen.getByTestId("submission-row");

    fireEvent.click(within(row).getByRole("button", { name: "답안 삭제" }));
    expect(screen.getByText("이 답안과 분석 결과가 영구적으로 삭제됩니다.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "취소" }));
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.queryByText("이 답안과 분석 결과가 영구적으로 삭제됩니다.")).toBeNull();

    fireEvent.click(within(row).getByRole("button", { name: "답안 삭제" }));
    fireEvent.click(screen.getByRole("button", { name: "삭제" }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: "d1" }));
    await waitFor(() => expect(screen.queryByText("이 답안과 분석 결과가 영구적으로 삭제됩니다.")).toBeNull());
  });
});
