// @vitest-environment jsdom
// 기관 현황 (/org/dashboard): the pool meter with what is left and when it resets, seats, the owner's subscription,
// gradings per teacher (caps, a member who left) and per class, the organisation's agreement; a teacher's 403 and
// the personal space say why there is nothing to show.
import { cleanup, render, screen, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router-dom";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OrgUsage } from "@shared/org-usage.ts";
import { API, apiError } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

vi.stubEnv("VITE_API_URL", API);
const { OrgDashboardPage } = await import("@/features/orgs/dashboard/org-dashboard-page");

const ORG = "0d6f7a52-3b7e-4f7e-9d59-1f1f4a3c2b10";

const usage: OrgUsage = {
  org: { id: ORG, name: "한빛 논술학원" },
  period: { start: "2026-10-31T15:00:00.000Z", resetDate: "2026-11-30T15:00:00.000Z" },
  pool: { used: 2712, limit: 3000, remaining: 288 },
  teachers: [
    { userId: "t1", name: "김선생", role: "teacher", count: 1204, cap: 1500 },
    { userId: "o1", name: "박원장", role: "owner", count: 12, cap: null },
    { userId: "x1", name: "이전임", role: null, count: 3, cap: null },
  ],
  classes: [{ classId: "c1", name: "고3 논술 A반", count: 87 }],
  seats: { used: 4, max: 10 },
  subscription: { planId: "business", planName: "기업", status: "active", renewsAt: "2026-12-09T15:00:00.000Z", endDate: null },
  agreement: {
    reviewed: 12,
    sessions: 3,
    teachers: 2,
    qwk: 0.81,
    categories: [{ name: "논리 구조 (40)", maxScore: 40, count: 12, meanAbsDiff: 2.3, withinTenPercent: 0.75, bias: 1.2, qwk: 0.81 }],
  },
};

function renderPage(orgId: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrgDashboardPage orgId={orgId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe("기관 현황", () => {
  it("shows the pool, seats, subscription, per-teacher and per-class tables and the agreement", async () => {
    server.use(http.get(`${API}/orgs/${ORG}/usage`, () => HttpResponse.json(usage)));
    renderPage(ORG);
    expect(await screen.findByRole("heading", { level: 1, name: "기관 현황" })).toBeTruthy();
    const pool = await screen.findByTestId("org-pool");
    expect(pool.textContent).toContain("2,712");
    expect(pool.textContent).toContain("3,000회");
    expect(pool.textContent).toContain("남은 횟수 288회 · 2026. 12. 1. 초기화");
    expect(within(pool).getByRole("progressbar", { name: "이번 달 공동 한도 사용량" }).getAttribute("value")).toBe("2712");
    expect(screen.getByTestId("org-seats").textContent).toContain("6석 남음");
    expect(screen.getByTestId("org-subscription").textContent).toContain("이용 중 · 2026. 12. 10. 자동 갱신");

    const teachers = within(screen.getByTestId("org-teachers")).getAllByRole("row");
    expect(teachers.map((r) => r.textContent)).toEqual([
      "이름역할이번 달 채점월 한도",
      // the role twice: under the name (phones) and in its own column (from sm), one of them hidden by CSS
      "김선생선생님선생님1,204회1,500회",
      "박원장소유자소유자12회없음",
      "이전임떠난 구성원떠난 구성원3회없음",
    ]);
    const link = within(screen.getByTestId("org-classes")).getByRole("link", { name: "고3 논술 A반" });
    expect(link.getAttribute("href")).toBe("/classes/c1");
    expect(screen.getByTestId("org-agreement-qwk").textContent).toBe("0.81");
    expect(screen.getByText(/^AI가 논리 구조 \(40\).* 평균 1\.2점 높게 줌$/)).toBeTruthy();
  });

  it("says why a teacher sees nothing (the API's Korean 403)", async () => {
    server.use(http.get(`${API}/orgs/${ORG}/usage`, () => apiError(403, "기관 현황은 기관 소유자와 관리자만 볼 수 있습니다.")));
    renderPage(ORG);
    expect(await screen.findByText("기관 현황은 기관 소유자와 관리자만 볼 수 있습니다.")).toBeTruthy();
    expect(screen.queryByTestId("org-pool")).toBeNull();
  });

  it("in the personal space asks to choose an organisation, without a request", () => {
    renderPage(null);
    expect(screen.getByText("선택한 기관이 없습니다.")).toBeTruthy();
  });

  it("shows no class table when no class assignment was graded, and the agreement's minimum", async () => {
    server.use(
      http.get(`${API}/orgs/${ORG}/usage`, () =>
        HttpResponse.json({ ...usage, classes: [], agreement: { reviewed: 1, sessions: 1, teachers: 1, qwk: null, categories: null } }),
      ),
    );
    renderPage(ORG);
    expect(await screen.findByText("이번 달 반 과제에서 채점한 답안이 없습니다.")).toBeTruthy();
    expect(screen.getByTestId("org-agreement").textContent).toContain("검토한 답안이 3개 이상이면 표시됩니다.");
  });
});
