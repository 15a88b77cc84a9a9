// Rough edges on the component level: 완료 appears only with its score, the
// list preview ends with … at a word, the monthly unit has one name, the logo goes to
// VITE_MARKETING_URL (the report's 종합 평가 title: report-view.test.tsx and grading-guards.test.ts).
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Plan } from "@shared/types.ts";
import { Dashboard } from "@/features/sessions/components/dashboard";
import { PlanCard } from "@/features/plans/components/plan-card";
import { applySubmissionChange } from "@/features/sessions/utils/submission-cache";
import { monthlyQuotaLabel } from "@/lib/usage";
import { submission } from "../mocks/api.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  vi.resetModules();
});

const SESSION = "11111111-1111-4111-8111-111111111111";

describe("completed rows show their score with the status", () => {
  it("a row the broadcast marks completed stays 분석중 until the score comes, then shows 완료 with it", () => {
    const list = [submission({ id: "s1", sessionId: SESSION, status: "analyzing", progress: 90, studentName: "김하나" })];
    const change = applySubmissionChange(
      list,
      {
        operation: "UPDATE",
        table: "essay_submissions",
        record: { id: "s1", session_id: SESSION, status: "completed", progress: 100, progress_message: "분석이 완료되었습니다" },
      },
      SESSION,
    );
    expect(change.refetch).toBe(true);

    const view = render(<Dashboard submissions={change.items} />);
    const row = screen.getByTestId("submission-row");
    expect(within(row).queryByText("완료")).toBeNull();
    expect(within(row).getByText("분석중")).toBeTruthy();
    expect(screen.getByLabelText("완료된 채점").textContent).toBe("0");

    // The refetch brings the score: status and score appear together.
    view.rerender(
      <Dashboard submissions={[{ ...change.items![0], status: "completed", score: 82, result: { overallScore: 82, maxScore: 100 } }]} />,
    );
    expect(within(screen.getByTestId("submission-row")).getByText("완료")).toBeTruthy();
    expect(within(screen.getByTestId("submission-row")).getByText("82점")).toBeTruthy();
    expect(screen.getByLabelText("평균 점수").textContent).toBe("82");
  });
});

describe("list preview", () => {
  it("cuts a long answer at a word boundary with …", () => {
    const essay = `${"스마트폰은 학습에 ".repeat(12)}`.slice(0, 100);
    render(<Dashboard submissions={[submission({ essay })]} />);
    const row = screen.getByTestId("submission-row");
    const preview = [...row.querySelectorAll("p")].map((p) => p.textContent ?? "").find((t) => t.startsWith("스마트폰은"))!;
    expect(preview.endsWith("…")).toBe(true);
    expect(preview.replace("…", "").trim().split(/\s+/).at(-1)).toMatch(/^(스마트폰은|학습에)$/);
  });
});

describe("one name for the monthly unit", () => {
  const plan: Plan = {
    id: "educator",
    name: "교육자",
    description: null,
    price: 29000,
    currency: "KRW",
    billingPeriod: "monthly",
    maxEssaysPerMonth: 1500,
    maxFilesPerUpload: 30,
    maxUsers: 1,
    features: [],
    isActive: 1,
  };

  it("is 월 N회 첨삭 on the plan card", () => {
    expect(monthlyQuotaLabel(1500)).toBe("월 1,500회 첨삭");
    render(<PlanCard plan={plan} isCurrent={false} recommended={false} highlighted={false} onSelect={() => {}} />);
    expect(screen.getByText("월 1,500회 첨삭")).toBeTruthy();
    expect(screen.queryByText(/회 AI 첨삭|회 분석|건/)).toBeNull();
  });
});

describe("the logo", () => {
  async function logoHref() {
    vi.resetModules();
    vi.doMock("@/lib/auth", () => ({ useAuth: () => ({ user: null, isLoading: false, logout: vi.fn() }) }));
    vi.doMock("@/lib/usage", async (importOriginal) => ({
      ...(await importOriginal<typeof import("@/lib/usage")>()),
      useUsageStatus: () => ({ data: undefined }),
    }));
    const { Header } = await import("@/components/layout/header");
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    return screen.getByRole("link", { name: "AI 논술 첨삭 홈" }).getAttribute("href");
  }

  it("goes to VITE_MARKETING_URL", async () => {
    vi.stubEnv("VITE_MARKETING_URL", "https://essay.example.com/");
    expect(await logoHref()).toBe("https://essay.example.com/");
  });

  it("goes to / without it", async () => {
    vi.stubEnv("VITE_MARKETING_URL", "");
    expect(await logoHref()).toBe("/");
  });
});
