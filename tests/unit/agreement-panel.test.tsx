// @vitest-environment jsdom
// 교사–AI 채점 일치도 on the dashboard: the count and a Korean note below three reviewed answers, then
// per category the mean difference, the share within 10 %, the bias in words and the kappas.
import { cleanup, render, screen, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionAgreement } from "@shared/agreement.ts";
import { API } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

vi.stubEnv("VITE_API_URL", API);
const { AgreementPanel } = await import("@/features/sessions/components/agreement-panel");
const { Dashboard } = await import("@/features/sessions/components/dashboard");

function renderPanel(body: SessionAgreement, dashboard = false) {
  const seen: string[] = [];
  server.use(
    http.get(`${API}/sessions/:id/agreement`, ({ params }) => {
      seen.push(String(params.id));
      return HttpResponse.json(body);
    }),
    // The dashboard also asks how many results are under an older rubric (none here: no banner).
    http.get(`${API}/sessions/:id/regrade-all`, () =>
      HttpResponse.json({ completed: 0, outdated: 0, outdatedReviewed: 0, reviewed: 0, regrading: 0, rubric: [] }),
    ),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      {dashboard ? <Dashboard sessionId="s-1" submissions={[]} /> : <AgreementPanel sessionId="s-1" />}
    </QueryClientProvider>,
  );
  return seen;
}

afterEach(cleanup);

describe("AgreementPanel", () => {
  it("below three reviewed answers shows the count and when it will show", async () => {
    const seen = renderPanel({ reviewed: 2, categories: null, qwk: null });
    const panel = await screen.findByTestId("agreement-panel");
    expect(panel.textContent).toContain("검토 완료 2개");
    expect(panel.textContent).toContain("검토한 답안이 3개 이상이면 표시됩니다");
    expect(within(panel).queryByRole("table")).toBeNull();
    expect(seen).toEqual(["s-1"]);
  });

  it("shows per category the mean difference, the share within 10 %, the bias and the kappas", async () => {
    renderPanel({
      reviewed: 4,
      qwk: 0.6125,
      categories: [
        { name: "논리 구조", maxScore: 40, count: 4, meanAbsDiff: 2.333, withinTenPercent: 0.75, bias: 2.3, qwk: 0.5 },
        { name: "내용", maxScore: 30, count: 4, meanAbsDiff: 1, withinTenPercent: 1, bias: -1, qwk: null },
      ],
    });
    const panel = await screen.findByTestId("agreement-panel");
    expect(panel.textContent).toContain("검토 완료 4개");
    expect(within(panel).getByTestId("agreement-qwk").textContent).toBe("0.61");
    const logic = within(panel).getByRole("row", { name: /논리 구조/ });
    expect(logic.textContent).toContain("2.3점");
    expect(logic.textContent).toContain("75%");
    expect(logic.textContent).toContain("AI가 논리 구조를 평균 2.3점 높게 줌");
    expect(logic.textContent).toContain("0.50");
    const content = within(panel).getByRole("row", { name: /^내용/ });
    expect(content.textContent).toContain("100%");
    expect(content.textContent).toContain("AI가 내용을 평균 1.0점 낮게 줌");
    expect(content.textContent?.endsWith("-")).toBe(true);
  });

  it("is drawn on the session dashboard", async () => {
    const seen = renderPanel({ reviewed: 1, categories: null, qwk: null }, true);
    expect((await screen.findByTestId("agreement-panel")).textContent).toContain("검토 완료 1개");
    expect(seen).toEqual(["s-1"]);
  });
});
