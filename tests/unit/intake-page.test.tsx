// @vitest-environment jsdom
// The student's intake page: a code of the wrong shape is refused before any request; the right code goes
// in the X-Student-Code header (never the URL) and is kept in this tab's sessionStorage; a draft is sent
// with the code in the form; 수정본 쓰기 starts from the last released draft's answer with its marks beside.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";

const mocks = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("@/lib/api-client", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/api-client")>();
  return { ...original, api: { ...original.api, get: mocks.get, post: mocks.post } };
});

const { IntakePage } = await import("@/features/intake/components/intake-page");

const TOKEN = "t".repeat(43);
const assignment = {
  title: "1차 논술",
  className: "2학년 1반",
  question: "청소년의 스마트폰 사용을 제한해야 하는가?",
  deadline: "2026-12-04T14:59:59.000Z",
  maxDrafts: 2,
  release: "after_review",
};
const report = {
  studentInfo: { name: "김민수" },
  submittedAt: "2026-11-27T01:00:00.000Z",
  reviewedAt: "2026-11-27T02:00:00.000Z",
  reviewed: true,
  overallScore: 50,
  maxScore: 100,
  categories: [{ name: "논리", score: 5, maxScore: 10, feedback: "" }],
  strengths: [],
  improvementAreas: [],
  detailedFeedback: "근거를 보태세요.",
  suggestions: [],
  question: assignment.question,
  answer: "스마트폰은 해롭다. 그러므로 금지해야 한다.",
  annotations: [
    {
      start: 0,
      end: 9,
      quote: "스마트폰은 해롭다",
      kind: "고칠 점",
      category: "논리",
      comment: "근거가 없습니다.",
      rewrite: null,
      source: "ai",
    },
  ],
  rubric: [{ name: "논리", maxScore: 10, description: "" }],
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <IntakePage token={TOKEN} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  sessionStorage.clear();
});

describe("the student's intake page", () => {
  it("refuses a malformed code without a request, then sends the code in a header and keeps it in the tab only", async () => {
    mocks.get.mockImplementation((path: string) =>
      Promise.resolve(path.endsWith("/drafts") ? { student: { name: "김민수" }, maxDrafts: 2, drafts: [] } : assignment),
    );
    renderPage();
    const input = await screen.findByLabelText("학생 코드");
    fireEvent.change(input, { target: { value: "0O1IL234" } });
    fireEvent.click(screen.getByRole("button", { name: "확인" }));
    expect(screen.getByRole("alert").textContent).toContain("8자리");
    expect(mocks.get).toHaveBeenCalledTimes(1);

    fireEvent.change(input, { target: { value: "abcd-efgh" } });
    fireEvent.click(screen.getByRole("button", { name: "확인" }));
    expect((await screen.findByTestId("intake-student")).textContent).toBe("김민수 학생");
    const [path, options] = mocks.get.mock.calls.find(([p]) => String(p).endsWith("/drafts"))!;
    expect(path).toBe(`/intake/${TOKEN}/drafts`);
    expect(options.headers).toEqual({ "X-Student-Code": "ABCDEFGH" });
    expect(sessionStorage.getItem(`intake-code:${TOKEN}`)).toBe("ABCDEFGH");
    expect(localStorage.length).toBe(0);
  });

  it("starts a revision from the last released answer with its marks beside, and sends it with the code in the form", async () => {
    sessionStorage.setItem(`intake-code:${TOKEN}`, "ABCDEFGH");
    const drafts = [{ id: "d1", draftNumber: 1, submittedAt: report.submittedAt, state: "released", report }];
    mocks.get.mockImplementation((path: string) =>
      Promise.resolve(path.endsWith("/drafts") ? { student: { name: "김민수" }, maxDrafts: 2, drafts } : assignment),
    );
    mocks.post.mockResolvedValue({ id: "d2", draftNumber: 2, message: "2번째 글이 제출되었습니다." });
    renderPage();
    fireEvent.click(await screen.findByTestId("intake-revise"));
    const essay = screen.getByLabelText("답안") as HTMLTextAreaElement;
    expect(essay.value).toBe(report.answer);
    expect(screen.getByTestId("intake-marks").textContent).toContain("“스마트폰은 해롭다”");
    expect(screen.getByTestId("intake-marks").textContent).toContain("근거가 없습니다.");

    fireEvent.change(essay, { target: { value: "통계에 따르면 스마트폰은 수면을 줄인다. 그러므로 제한해야 한다." } });
    fireEvent.click(screen.getByRole("button", { name: "제출하기" }));
    expect((await screen.findByTestId("intake-done")).textContent).toContain("2번째 글이 제출되었습니다.");
    const [path, form] = mocks.post.mock.calls[0] as [string, FormData];
    expect(path).toBe(`/intake/${TOKEN}/drafts`);
    expect(form.get("studentCode")).toBe("ABCDEFGH");
    expect(form.get("essayContent")).toContain("통계에 따르면");
  });
});
