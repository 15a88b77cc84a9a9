// @vitest-environment jsdom
// AI 채점 비용 on the admin page: totals, cost per day, per teacher and per purpose (채점, 사진 판독),
// tokens per answer by mode (Korean mode names), every amount in 원 at the configured rate, the period
// sent to GET /admin/usage (this month by default), and the error state.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GradingUsageReport } from "@/features/admin/api/get-grading-usage";
import { API, apiError } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

vi.stubEnv("VITE_API_URL", API);
const { GradingCost, won } = await import("@/features/admin/components/grading-cost");
const { seoulDay, thisMonthRange } = await import("@/features/admin/api/get-grading-usage");

/** GET /admin/usage answering `reply`; the path and query of each request go into the returned list. */
function usageReplies(reply: GradingUsageReport | (() => Response)): string[] {
  const seen: string[] = [];
  server.use(
    http.get(`${API}/admin/usage`, ({ request }) => {
      const url = new URL(request.url);
      seen.push(`${url.pathname.slice(new URL(API).pathname.length)}${url.search}`);
      return typeof reply === "function" ? reply() : HttpResponse.json(reply);
    }),
  );
  return seen;
}

const sums = (essays: number, p: number, c: number, k: number, cost: number) => ({
  essays,
  calls: essays,
  promptTokens: p,
  completionTokens: c,
  cachedTokens: k,
  cost,
});

const report: GradingUsageReport = {
  from: "2026-03-01",
  to: "2026-03-30",
  prices: { currency: "USD", inputPer1M: 0.4, outputPer1M: 1.6, cachedPer1M: 0.1, krwPerUsd: 1400 },
  total: sums(30, 90_000, 45_000, 10_000, 0.1045),
  days: [
    { day: "2026-03-01", ...sums(10, 30_000, 15_000, 0, 0.036) },
    { day: "2026-03-02", ...sums(20, 60_000, 30_000, 10_000, 0.0685) },
  ],
  teachers: [
    { userId: "u1", email: "kim@example.com", name: "김선생", ...sums(25, 75_000, 37_500, 10_000, 0.088) },
    { userId: null, email: null, name: null, ...sums(5, 15_000, 7_500, 0, 0.0165) },
  ],
  purposes: [
    { purpose: "grading", ...sums(30, 80_000, 40_000, 10_000, 0.0905), avgCallLatencyMs: 900 },
    { purpose: "transcription", ...sums(4, 10_000, 5_000, 0, 0.012), avgCallLatencyMs: 1500 },
  ],
  modes: [
    {
      mode: "holistic",
      ...sums(30, 90_000, 45_000, 10_000, 0.1045),
      perEssay: { promptTokens: 3000, completionTokens: 1500, cachedTokens: 333, cost: 0.003483 },
      avgCallLatencyMs: 900,
    },
  ],
};

/** The cell texts of each body row of `table` (the header row left out). */
function cellTexts(table: HTMLElement): (string | null)[][] {
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    );
}

function renderCost() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <GradingCost />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
});

describe("GradingCost", () => {
  it("shows the totals, cost per day, per teacher and per purpose, and per answer by mode, in Korean and in 원", async () => {
    const seen = usageReplies(report);
    renderCost();
    expect(await screen.findByTestId("cost-total")).toHaveProperty("textContent", "146원");
    expect(screen.getByTestId("cost-essays").textContent).toBe("30건");
    expect(screen.getByTestId("cost-per-essay").textContent).toBe("4.9원");
    expect(screen.getByTestId("cost-tokens").textContent).toBe("135,000");
    const month = thisMonthRange();
    expect(seen).toEqual([`/admin/usage?from=${month.from}&to=${month.to}`]);
    expect(month.from).toBe(`${seoulDay(0).slice(0, 8)}01`);

    const perDay = screen.getByRole("table", { name: "일별 채점 비용" });
    const dayRows = cellTexts(perDay);
    expect(dayRows).toEqual([
      ["2026-03-01", "10", "10", "45,000", "50.4원"],
      ["2026-03-02", "20", "20", "90,000", "95.9원"],
    ]);
    const perTeacher = screen.getByRole("table", { name: "교사별 채점 비용" });
    const teacherRows = within(perTeacher).getAllByRole("row").slice(1);
    expect(within(teacherRows[0]).getByText("김선생")).toBeTruthy();
    expect(within(teacherRows[0]).getByText("kim@example.com")).toBeTruthy();
    expect(within(teacherRows[0]).getByText("123원")).toBeTruthy();
    expect(within(teacherRows[1]).getByText("탈퇴한 회원")).toBeTruthy();
    const perPurpose = screen.getByRole("table", { name: "용도별 AI 비용" });
    const purposeRows = cellTexts(perPurpose);
    expect(purposeRows).toEqual([
      ["채점", "30", "120,000", "127원"],
      ["사진 판독", "4", "15,000", "16.8원"],
    ]);
    const perMode = screen.getByRole("table", { name: "채점 방식별 답안당 비용" });
    expect(cellTexts(perMode)).toEqual([["종합 채점", "30", "3,000", "333", "1,500", "4.9원"]]);
    expect(screen.getByText(/단가\(100만 토큰당\): 입력 560원, 캐시 입력 140원, 출력 2,240원 \(1달러 = 1,400원 기준\)/)).toBeTruthy();
    // no dollar amounts and no English mode names on the Korean screen
    const section = screen.getByTestId("grading-cost");
    expect(section.textContent).not.toMatch(/\$|USD|holistic|per-criterion/);
  });

  it("asks for another period when one is chosen", async () => {
    const seen = usageReplies({ ...report, days: [], teachers: [], purposes: [], modes: [], total: sums(0, 0, 0, 0, 0) });
    renderCost();
    expect(await screen.findByText("이 기간에 AI 채점 기록이 없습니다.")).toBeTruthy();
    expect(screen.getByTestId("cost-per-essay").textContent).toBe("-");
    fireEvent.change(screen.getByLabelText("조회 기간"), { target: { value: "7" } });
    await waitFor(() => expect(seen.at(-1)).toBe(`/admin/usage?from=${seoulDay(6)}&to=${seoulDay(0)}`));
  });

  it("says so in Korean when the usage cannot be read", async () => {
    usageReplies(() => apiError(403, "관리자만 접근할 수 있습니다."));
    renderCost();
    expect((await screen.findByRole("alert")).textContent).toBe("채점 비용을 불러올 수 없습니다. 관리자만 접근할 수 있습니다.");
  });

  it("shows amounts in 원: whole 원 from 100원, one decimal below", () => {
    expect(won(0, 1400)).toBe("0원");
    expect(won(0.00012, 1400)).toBe("0.2원");
    expect(won(0.0035, 1400)).toBe("4.9원");
    expect(won(12.5, 1400)).toBe("17,500원");
  });
});
