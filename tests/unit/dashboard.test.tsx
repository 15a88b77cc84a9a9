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

    const row = (id: string) => rows().find((r) => r.dataset.submissionId === id)!;
    const [done, offline, analyzing, pending, failed] = ["a1", "a2", "a3", "00000000-0000-4000-8000-00000000wxyz", "a5"].map(row);
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
    expect(within(analyzing).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("40");
    expect(pending.textContent).toContain("익명 wxyz");
    expect(pending.textContent).toContain("대기중");
    expect(within(failed).getByText("오류").className).toContain("badge-error");

    for (const row of [analyzing, pending, failed]) expect(within(row).queryByRole("button")).toBeNull();
    fireEvent.click(within(done).getByRole("button", { name: "보기" }));
    expect(onView).toHaveBeenCalledWith(expect.objectContaining({ id: "a1" }), "점수: 81/100");
    fireEvent.click(within(offline).getByRole("button", { name: "다운로드" }));
    expect(onDownload).toHaveBeenCalledWith(expect.objectContaining({ id: "a2" }));
  });

  it("lists answers by 수험번호 as read (2 before 10), those without one after by name, and sorts on request", () => {
    render(
      <Dashboard
        submissions={[
          sub({ id: "late", studentName: "가나", studentId: "", submittedAt: "2026-03-02T03:00:00Z", submitTime: "2026-03-02T03:00:00Z" }),
          sub({ id: "s10", studentName: "홍길동", studentId: "S-10", submittedAt: "2026-03-02T01:00:00Z" }),
          sub({ id: "s2", studentName: "이영희", studentId: "S-2", submittedAt: "2026-03-02T02:00:00Z" }),
          sub({ id: "s1", studentName: "박민수", studentId: "S-1", submittedAt: "2026-03-02T00:00:00Z" }),
        ]}
      />,
    );
    const order = () => rows().map((r) => r.dataset.submissionId);
    expect(order()).toEqual(["s1", "s2", "s10", "late"]);
    fireEvent.change(screen.getByLabelText("정렬"), { target: { value: "name" } });
    expect(order()).toEqual(["late", "s1", "s2", "s10"]);
    fireEvent.change(screen.getByLabelText("정렬"), { target: { value: "recent" } });
    expect(order()).toEqual(["late", "s2", "s10", "s1"]);
  });

  it('shows the batch as "N개 중 M개 완료" with a bar exactly as wide as its percent', () => {
    const done = (id: string) => sub({ id, status: "completed", score: 80, result: { overallScore: 80, maxScore: 100 } });
    render(
      <Dashboard
        submissions={[
          done("a"),
          done("b"),
          done("c"),
          sub({ id: "d", status: "analyzing", progress: 45 }),
          sub({ id: "e" }),
          sub({ id: "f" }),
          sub({ id: "g", status: "error" }),
        ]}
      />,
    );
    expect(screen.getByTestId("batch-progress-text").textContent).toBe("7개 중 3개 완료 · 오류 1개");
    expect(screen.getByTestId("batch-progress-percent").textContent).toBe("42%");
    const bar = screen.getByRole("progressbar", { name: "채점 진행률" });
    expect(bar.getAttribute("aria-valuenow")).toBe("42");
    expect(screen.getByTestId("batch-progress-bar-fill").style.width).toBe("42%");
    // A row's bar too: the width drawn is the percent written beside it.
    const row = rows().find((r) => r.dataset.submissionId === "d")!;
    expect(row.textContent).toContain("45%");
    expect(within(row).getByTestId("submission-progress-fill").style.width).toBe("45%");
  });

  it("links a completed answer's name to its report (a plain click opens it in place)", () => {
    const onView = vi.fn();
    render(
      <Dashboard
        onView={onView}
        reportHref={(s) => `/sessions/x/submissions/${s.id}`}
        submissions={[
          sub({ id: "a1", studentName: "홍길동", status: "completed", score: 81, result: { overallScore: 81, maxScore: 100 } }),
          sub({ id: "a2", studentName: "김철수" }),
        ]}
      />,
    );
    const link = screen.getByRole("link", { name: "홍길동" });
    expect(link.getAttribute("href")).toBe("/sessions/x/submissions/a1");
    expect(link.className).toContain("link");
    fireEvent.click(link);
    expect(onView).toHaveBeenCalledWith(expect.objectContaining({ id: "a1" }), "점수: 81/100");
    expect(screen.queryByRole("link", { name: "김철수" })).toBeNull();
  });
});
