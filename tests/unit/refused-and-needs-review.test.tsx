// @vitest-environment jsdom
// 확인 필요 on an answer's row with the server's reason, and the session's refused answers listed
// with their student and reason until 닫기.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Submission } from "@shared/types.ts";
import { API } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

vi.stubEnv("VITE_API_URL", API);
const { NeedsReviewBadge } = await import("@/features/sessions/components/needs-review-badge");
const { RefusedAnswers } = await import("@/features/sessions/components/refused-answers");

afterEach(cleanup);

const withQuery = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

describe("NeedsReviewBadge", () => {
  const reason = "AI 채점 결과에 ‘근거의 타당성’ 항목이 없어 점수를 매기지 못했습니다.";
  const result = { overallScore: 56, maxScore: 100, needsReviewReason: reason };

  it("shows 확인 필요 with the reason when the result has one", () => {
    render(<NeedsReviewBadge submission={{ id: "a", result } as Pick<Submission, "id" | "result">} />);
    const badge = screen.getByTestId("needs-review-badge");
    expect(badge.textContent).toBe("확인 필요");
    expect(document.getElementById(badge.getAttribute("aria-describedby")!)?.textContent).toBe(reason);
  });

  it("shows nothing without a reason", () => {
    const { container } = render(
      <NeedsReviewBadge submission={{ id: "b", result: { overallScore: 80, maxScore: 100 } } as Pick<Submission, "id" | "result">} />,
    );
    expect(container.textContent).toBe("");
  });
});

describe("RefusedAnswers", () => {
  it("lists each refused student with the reason, and 닫기 dismisses it on the server", async () => {
    const dismissed: string[] = [];
    server.use(
      http.get(`${API}/sessions/:id/refused-answers`, () =>
        HttpResponse.json([
          {
            id: "r1",
            studentName: "박짧음",
            studentId: "20240201",
            filename: "박짧음_20240201.txt",
            reason: "최소 100자 이상 작성해주세요.",
            refusedAt: "2026-11-26T12:00:00Z",
          },
        ]),
      ),
      http.post(`${API}/refused-answers/:id/dismiss`, ({ params }) => {
        dismissed.push(String(params.id));
        return HttpResponse.json({ success: true });
      }),
    );
    withQuery(<RefusedAnswers sessionId="s-1" />);
    const item = await screen.findByTestId("refused-answer");
    expect(item.textContent).toContain("박짧음 · 20240201");
    expect(item.textContent).toContain("최소 100자 이상 작성해주세요.");
    fireEvent.click(screen.getByRole("button", { name: "박짧음 · 20240201 안내 닫기" }));
    await waitFor(() => expect(screen.queryByTestId("refused-answers")).toBeNull());
    expect(dismissed).toEqual(["r1"]);
  });

  it("draws nothing when no answer was refused", async () => {
    const { container } = withQuery(<RefusedAnswers sessionId="s-2" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe("");
  });
});
