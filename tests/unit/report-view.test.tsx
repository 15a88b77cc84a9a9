// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReportData } from "@shared/grading.ts";

const mocks = vi.hoisted(() => ({
  get: vi.fn(),
  download: vi.fn(),
  saveBlob: vi.fn(),
  notify: vi.fn(),
}));

vi.mock("@/lib/api-client", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/api-client")>();
  return { ...original, api: { ...original.api, get: mocks.get, download: mocks.download }, saveBlob: mocks.saveBlob };
});
vi.mock("@/lib/notify", () => ({ notify: mocks.notify }));

const { ReportView } = await import("@/features/sessions/components/report-view");
const { ApiError } = await import("@/lib/api-client");

function report(overrides: Partial<ReportData> = {}): ReportData {
  return {
    submissionId: "sub-1",
    studentInfo: { name: "김민수", studentId: "20240001" },
    submittedAt: "2026-03-02T01:00:00.000Z",
    completedAt: "2026-03-02T01:01:30.000Z",
    overallScore: 72,
    maxScore: 100,
    categories: [
      { name: "논리 구조", score: 36, maxScore: 40, feedback: "서론과 결론이 분명합니다." },
      { name: "근거의 타당성", score: 21, maxScore: 30, feedback: "근거가 다소 부족합니다." },
      { name: "언어 표현", score: 15, maxScore: 30, feedback: "맞춤법 오류가 많습니다." },
    ],
    strengths: ["주장이 분명합니다."],
    improvementAreas: ["반론 검토가 부족합니다."],
    detailedFeedback: "전반적으로 논지가 일관됩니다.",
    suggestions: ["결론을 한 문장으로 요약하세요.", "통계의 출처를 밝히세요."],
    grader: "ai",
    graderLabel: "AI 채점 (gpt-4o-mini)",
    model: "gpt-4o-mini",
    flags: [],
    flagLabels: [],
    essayFilename: null,
    promptFilename: "문제.txt",
    question: "청소년의 스마트폰 사용 제한에 대한 자신의 의견을 쓰시오.",
    rubric: [
      { name: "논리 구조", maxScore: 40 },
      { name: "근거의 타당성", maxScore: 30 },
      { name: "언어 표현", maxScore: 30 },
    ],
    answer: "스마트폰 사용은 제한되어야 한다.",
    annotations: [],
    ...overrides,
  };
}

function renderView(onBack = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReportView submissionId="sub-1" onBack={onBack} />
    </QueryClientProvider>,
  );
  return { onBack };
}

beforeEach(() => {
  for (const m of Object.values(mocks)) m.mockReset();
});
afterEach(cleanup);

describe("ReportView (AI 논술 첨삭 리포트)", () => {
  it("shows every report field in order, with the colour tier of each score", async () => {
    mocks.get.mockResolvedValue(report());
    renderView();
    await screen.findByText("김민수");
    expect(mocks.get).toHaveBeenCalledWith("/submissions/sub-1/report");
    expect(screen.getByRole("heading", { name: "AI 논술 첨삭 리포트" })).toBeTruthy();

    const text = screen.getByTestId("report-view").textContent!;
    const order = [
      "학생 이름", "김민수", "수험번호", "20240001", "제출일", "완료일", "총점", "72/100점", "(72%)",
      "항목별 점수", "논리 구조", "36/40", "서론과 결론이 분명합니다.", "근거의 타당성", "21/30", "언어 표현", "15/30",
      "우수한 점", "주장이 분명합니다.", "개선이 필요한 점", "반론 검토가 부족합니다.",
      "상세 피드백", "전반적으로 논지가 일관됩니다.", "향후 개선 방안", "1", "결론을 한 문장으로 요약하세요.", "2", "통계의 출처를 밝히세요.",
    ];
    let at = -1;
    for (const part of order) {
      const next = text.indexOf(part, at + 1);
      expect(next, `"${part}" after position ${at}`).toBeGreaterThan(at);
      at = next;
    }
    expect(text).toContain("2026년 3월 2일");

    expect(screen.getByTestId("report-total").dataset.tier).toBe("mid");
    const tiers = Array.from(screen.getByTestId("report-categories").querySelectorAll("li")).map((li) => li.dataset.tier);
    expect(tiers).toEqual(["high", "mid", "low"]);
    const bars = screen.getByTestId("report-categories").querySelectorAll("progress");
    expect(Array.from(bars).map((b) => [b.getAttribute("value"), b.getAttribute("max"), b.className.includes("progress-success")])).toEqual([
      ["36", "40", true],
      ["21", "30", false],
      ["15", "30", false],
    ]);
    expect(within(screen.getByTestId("report-grader")).getByText("AI 채점 (gpt-4o-mini)")).toBeTruthy();
  });

  it("labels offline results as not AI-graded and shows the grader's flags", async () => {
    mocks.get.mockResolvedValue(
      report({
        grader: "offline",
        graderLabel: "오프라인 분석기 채점 (AI 채점 아님)",
        model: null,
        flags: ["manipulation"],
        flagLabels: ["채점 지시 조작 시도 감지"],
        overallScore: 90,
      }),
    );
    renderView();
    const grader = await screen.findByTestId("report-grader");
    expect(within(grader).getByText("오프라인 분석")).toBeTruthy();
    expect(within(grader).getByText("오프라인 분석기 채점 (AI 채점 아님)")).toBeTruthy();
    expect(within(screen.getByTestId("report-flags")).getByText("채점 지시 조작 시도 감지")).toBeTruthy();
    expect(screen.getByTestId("report-total").dataset.tier).toBe("high");
  });

  it("goes back to the dashboard", async () => {
    mocks.get.mockResolvedValue(report());
    const { onBack } = renderView();
    fireEvent.click(screen.getByRole("button", { name: "← 대시보드로 돌아가기" }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it("downloads the TXT with the 다운로드 완료 toast, and 다운로드 실패 on failure", async () => {
    mocks.get.mockResolvedValue(report());
    const blob = new Blob(["총점 72"], { type: "text/plain" });
    mocks.download.mockResolvedValueOnce({ blob, filename: "김민수_논술첨삭_리포트.txt" });
    renderView();
    await screen.findByText("김민수");
    const button = screen.getByRole("button", { name: /전체 리포트 다운로드/ });
    fireEvent.click(button);
    await waitFor(() => expect(mocks.notify).toHaveBeenCalledWith(expect.objectContaining({ title: "다운로드 완료" })));
    expect(mocks.download).toHaveBeenCalledWith("/submissions/sub-1/report/download");
    expect(mocks.saveBlob).toHaveBeenCalledWith(blob, "김민수_논술첨삭_리포트.txt");

    mocks.download.mockRejectedValueOnce(new ApiError("500: boom", 500, "boom"));
    fireEvent.click(button);
    await waitFor(() =>
      expect(mocks.notify).toHaveBeenCalledWith({
        title: "다운로드 실패",
        description: "파일 다운로드 중 오류가 발생했습니다.",
        variant: "destructive",
      }),
    );
  });

  it("says the grading is not finished when the report is not ready (409)", async () => {
    mocks.get.mockRejectedValue(new ApiError("아직 채점이 완료되지 않았습니다.", 409, { error: "아직 채점이 완료되지 않았습니다." }));
    renderView();
    expect((await screen.findByRole("alert")).textContent).toContain("아직 채점이 완료되지 않았습니다.");
  });
});
