// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReportData } from "@shared/grading.ts";
import { API, apiError, reportData } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

const mocks = vi.hoisted(() => ({ notify: vi.fn() }));
vi.stubEnv("VITE_API_URL", API);
vi.mock("@/lib/notify", () => ({ notify: mocks.notify }));

const { ReportView } = await import("@/features/sessions/components/report-view");

/** Paths (after the API base) the view asked for. */
let seen: string[] = [];
const pathOf = (request: Request) => new URL(request.url).pathname.slice(new URL(API).pathname.length);

/** GET /submissions/:id/report answers `reply` (a report, or a response such as an API error). */
function reportIs(reply: ReportData | (() => Response)) {
  server.use(
    http.get(`${API}/submissions/:id/report`, ({ request }) => {
      seen.push(pathOf(request));
      return typeof reply === "function" ? reply() : HttpResponse.json(reply);
    }),
  );
}

/** Files the browser was asked to save (URL.createObjectURL + a click on a download link). */
let saved: { blob: Blob; filename: string }[] = [];
let lastBlob: Blob | null = null;

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
  mocks.notify.mockReset();
  seen = [];
  saved = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => ((lastBlob = blob), "blob:report"),
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download && lastBlob) saved.push({ blob: lastBlob, filename: this.download });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("ReportView (AI 논술 첨삭 리포트)", () => {
  it("shows every report field in order, with the colour tier of each score", async () => {
    reportIs(reportData());
    renderView();
    await screen.findByText("김민수");
    expect(seen).toContain("/submissions/sub-1/report");
    expect(screen.getByRole("heading", { name: "AI 논술 첨삭 리포트" })).toBeTruthy();

    const text = screen.getByTestId("report-view").textContent!;
    // The header (name, review state, source, facts, total, verdict, category bars), then the marked
    // answer, the grouped feedback, and the question with its rubric last.
    const order = [
      "김민수",
      "AI 채점",
      "수험번호",
      "20240001",
      "제출일",
      "완료일",
      "72",
      "/100점",
      "(72%)",
      "전반적으로 논지가 일관됩니다.",
      "항목별 점수",
      "논리 구조",
      "36/40",
      "근거의 타당성",
      "21/30",
      "언어 표현",
      "15/30",
      "답안 첨삭",
      "스마트폰 사용은 제한되어야 한다.",
      "우수한 점",
      "주장이 분명합니다.",
      "개선이 필요한 점",
      "반론 검토가 부족합니다.",
      "종합 평가",
      "전반적으로 논지가 일관됩니다.",
      "향후 개선 방안",
      "결론을 한 문장으로 요약하세요.",
      "통계의 출처를 밝히세요.",
      "항목별 평가",
      "논리 구조",
      "서론과 결론이 분명합니다.",
      "문제와 평가 기준",
      "청소년의 스마트폰 사용 제한에 대한 자신의 의견을 쓰시오.",
    ];
    let at = -1;
    for (const part of order) {
      const next = text.indexOf(part, at + 1);
      expect(next, `"${part}" after position ${at}`).toBeGreaterThan(at);
      at = next;
    }
    expect(text).toContain("2026년 3월 2일");
    expect(screen.getByTestId("report-verdict").textContent).toBe("전반적으로 논지가 일관됩니다.");

    expect(screen.getByTestId("report-total").dataset.tier).toBe("mid");
    const tiers = Array.from(screen.getByTestId("report-categories").querySelectorAll("li")).map((li) => li.dataset.tier);
    expect(tiers).toEqual(["high", "mid", "low"]);
    const bars = screen.getByTestId("report-categories").querySelectorAll("progress");
    expect(Array.from(bars).map((b) => [b.getAttribute("value"), b.getAttribute("max"), b.className.includes("progress-success")])).toEqual(
      [
        ["36", "40", true],
        ["21", "30", false],
        ["15", "30", false],
      ],
    );
    expect(within(screen.getByTestId("report-grader")).getByText("AI 채점")).toBeTruthy();
  });

  it("never shows the grading model's id to the teacher, on screen or in print", async () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    reportIs(reportData({ model: "gpt-4o-mini", graderLabel: "AI 채점 (gpt-4o-mini)" }));
    renderView();
    await screen.findByTestId("report-summary");
    expect(screen.getByTestId("report-grader").textContent).toBe("AI 채점");
    expect(screen.getByTestId("report-view").textContent).not.toContain("gpt-4o-mini");
    fireEvent.click(screen.getByRole("button", { name: "인쇄" }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const root = document.querySelector<HTMLElement>("body > .print-root")!;
    expect(root.textContent).toContain("채점 방식 AI 채점");
    expect(root.textContent).not.toContain("gpt-4o-mini");
    window.dispatchEvent(new Event("afterprint"));
    await waitFor(() => expect(document.querySelector(".print-root")).toBeNull());
  });

  it("shows an offline measurement's decimal scores as whole points", async () => {
    reportIs(
      reportData({
        grader: "offline",
        graderLabel: "오프라인 분석기 채점 (AI 채점 아님)",
        model: null,
        overallScore: 64.7,
        categories: [
          { name: "논리 구조", score: 26.4, maxScore: 40, feedback: "측정값입니다." },
          { name: "근거의 타당성", score: 19.3, maxScore: 30, feedback: "측정값입니다." },
          { name: "언어 표현", score: 19, maxScore: 30, feedback: "측정값입니다." },
        ],
      }),
    );
    renderView();
    const total = await screen.findByTestId("report-total");
    expect(total.textContent).toBe("총점65/100점(65%)");
    expect(screen.getByTestId("report-categories").textContent).toContain("논리 구조26/40근거의 타당성19/30언어 표현19/30");
    expect(screen.getByTestId("report-view").textContent).not.toMatch(/\d\.\d/);
  });

  it("labels offline results as not AI-graded and shows the grader's flags", async () => {
    reportIs(
      reportData({
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
    expect(grader.textContent).toContain("AI 채점 아님");
    expect(within(screen.getByTestId("report-flags")).getByText("채점 지시 조작 시도 감지")).toBeTruthy();
    expect(screen.getByTestId("report-total").dataset.tier).toBe("high");
  });

  it("goes back to the dashboard", async () => {
    reportIs(reportData());
    const { onBack } = renderView();
    fireEvent.click(screen.getByRole("button", { name: "← 대시보드로 돌아가기" }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it("downloads the TXT with the 다운로드 완료 toast, and 다운로드 실패 on failure", async () => {
    reportIs(reportData());
    let fail = false;
    server.use(
      http.get(`${API}/submissions/:id/report/download`, ({ request }) => {
        seen.push(pathOf(request));
        if (fail) return new HttpResponse("boom", { status: 500 });
        return new HttpResponse("총점 72", {
          headers: {
            "Content-Type": "text/plain; charset=utf-8",
            "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent("김민수_논술첨삭_리포트.txt")}`,
          },
        });
      }),
    );
    renderView();
    await screen.findByText("김민수");
    const button = screen.getByRole("button", { name: "TXT 다운로드" });
    fireEvent.click(button);
    await waitFor(() => expect(mocks.notify).toHaveBeenCalledWith(expect.objectContaining({ title: "다운로드 완료" })));
    expect(seen).toContain("/submissions/sub-1/report/download");
    expect(saved.map((f) => f.filename)).toEqual(["김민수_논술첨삭_리포트.txt"]);
    expect(await saved[0].blob.text()).toBe("총점 72");

    fail = true;
    fireEvent.click(button);
    await waitFor(() =>
      expect(mocks.notify).toHaveBeenCalledWith({
        title: "다운로드 실패",
        description: "파일 다운로드 중 오류가 발생했습니다.",
        variant: "destructive",
      }),
    );
    expect(saved).toHaveLength(1);
  });

  it("says the grading is not finished when the report is not ready (409)", async () => {
    reportIs(() => apiError(409, "아직 채점이 완료되지 않았습니다."));
    renderView();
    expect((await screen.findByRole("alert")).textContent).toContain("아직 채점이 완료되지 않았습니다.");
  });
});

describe("ReportView: the text with its 첨삭 marks", () => {
  const ANSWER =
    "스마트폰 사용은 제한되어야 한다. 수업에 집중하기 어렵기 때문이다.\n\n둘째로 친구와의 대화가 늘어난다. 결론적으로 제한이 필요하다.";
  const at = (quote: string) => ({ start: ANSWER.indexOf(quote), end: ANSWER.indexOf(quote) + quote.length, quote });
  const ann = (quote: string, kind: "잘한 점" | "고칠 점" | "질문", category: string, comment: string, rewrite: string | null = null) => ({
    ...at(quote),
    kind,
    category,
    comment,
    rewrite,
    source: "ai" as const,
  });
  const across = "어렵기 때문이다.\n\n둘째로";
  const annotated = () =>
    reportData({
      answer: ANSWER,
      annotations: [
        ann("스마트폰 사용은 제한되어야 한다.", "잘한 점", "논리 구조", "주장이 분명합니다."),
        ann(across, "고칠 점", "근거의 타당성", "문단 연결이 어색합니다.", "어렵기 때문이다. 또한"),
        ann("결론적으로 제한이 필요하다.", "질문", "언어 표현", "근거는 무엇인가요?"),
      ],
    });
  const marks = () => Array.from(document.querySelectorAll<HTMLElement>('[data-testid="annotation-mark"]'));

  it("shows the question, the rubric with its points and the answer", async () => {
    reportIs(annotated());
    renderView();
    const question = await screen.findByTestId("report-question");
    expect(question.textContent).toContain("청소년의 스마트폰 사용 제한에 대한 자신의 의견을 쓰시오.");
    const rubric = within(question).getByTestId("report-rubric");
    expect(Array.from(rubric.querySelectorAll("tbody tr")).map((r) => r.textContent)).toEqual([
      "논리 구조40점",
      "근거의 타당성30점",
      "언어 표현30점",
    ]);
    expect(rubric.querySelector("tfoot")!.textContent).toContain("100점");
    const answer = screen.getByTestId("report-answer");
    expect(answer.textContent).toContain("둘째로 친구와의 대화가 늘어난다.");
    expect(within(answer).getAllByTestId("essay-paragraph")).toHaveLength(2);
  });

  it("marks exactly the quoted spans, numbered, with a kind marker that is not colour alone", async () => {
    reportIs(annotated());
    renderView();
    await screen.findByTestId("annotated-essay");
    expect(marks().map((m) => m.textContent)).toEqual([
      "스마트폰 사용은 제한되어야 한다.",
      "어렵기 때문이다.",
      "결론적으로 제한이 필요하다.",
    ]);
    // The span across the paragraph break continues in the next paragraph.
    const continued = document.querySelector<HTMLElement>('mark[data-continued][data-annotation="2"]')!;
    expect(continued.textContent).toBe("둘째로");
    expect(marks().map((m) => m.dataset.kind)).toEqual(["잘한 점", "고칠 점", "질문"]);
    expect(screen.getAllByTestId("annotation-marker").map((m) => m.textContent)).toEqual(["✓1", "✎2", "?3"]);
    for (const m of marks()) {
      expect(m.tabIndex).toBe(0);
      const note = document.getElementById(m.getAttribute("aria-describedby")!)!;
      expect(note.dataset.testid).toBe("annotation-note");
    }
    const notes = screen.getAllByTestId("annotation-note");
    expect(notes[1].textContent).toContain("문단 연결이 어색합니다.");
    expect(notes[1].textContent).toContain("고쳐 쓰기: 어렵기 때문이다. 또한");
    expect(within(screen.getByTestId("annotation-legend")).getByText("고칠 점")).toBeTruthy();
  });

  it("draws no mark for invented, out-of-range, mismatched or overlapping annotations", async () => {
    const good = ann("결론적으로 제한이 필요하다.", "질문", "언어 표현", "근거는 무엇인가요?");
    reportIs(
      reportData({
        answer: ANSWER,
        annotations: [
          { ...good, start: -1, end: 5, quote: "지어낸 인용" },
          {
            start: 0,
            end: ANSWER.length + 10,
            quote: ANSWER,
            kind: "잘한 점",
            category: "논리 구조",
            comment: "범위 밖",
            rewrite: null,
            source: "ai",
          },
          {
            start: 3,
            end: 9,
            quote: "이 문장은 학생 답안 어디에도 없는 지어낸 인용입니다.",
            kind: "고칠 점",
            category: "논리 구조",
            comment: "지어냄",
            rewrite: "x",
            source: "ai",
          },
          {
            start: 5.5,
            end: 9,
            quote: ANSWER.slice(5, 9),
            kind: "질문",
            category: "논리 구조",
            comment: "소수",
            rewrite: null,
            source: "ai",
          },
          { start: 9, end: 5, quote: "", kind: "질문", category: "논리 구조", comment: "거꾸로", rewrite: null, source: "ai" },
          { ...at("스마트폰"), kind: "칭찬", category: "논리 구조", comment: "모르는 종류", rewrite: null, source: "ai" },
          good,
          { ...at("제한이 필요"), kind: "고칠 점", category: "논리 구조", comment: "겹침", rewrite: null, source: "ai" },
        ] as unknown as ReportData["annotations"],
      }),
    );
    renderView();
    await screen.findByTestId("annotated-essay");
    expect(marks().map((m) => m.textContent)).toEqual(["결론적으로 제한이 필요하다."]);
    expect(document.querySelectorAll("mark")).toHaveLength(1);
    expect(screen.getAllByTestId("annotation-note")).toHaveLength(1);
    expect(screen.getByTestId("report-answer").textContent).not.toContain("지어낸");
  });

  it("filters the marks by rubric category", async () => {
    reportIs(annotated());
    renderView();
    const filter = await screen.findByTestId("annotation-filter");
    expect(
      within(filter)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["전체 3", "논리 구조 1", "근거의 타당성 1", "언어 표현 1"]);
    fireEvent.click(within(filter).getByRole("button", { name: /근거의 타당성/ }));
    expect(
      within(filter)
        .getByRole("button", { name: /근거의 타당성/ })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    expect(marks().map((m) => m.dataset.category)).toEqual(["근거의 타당성"]);
    expect(Array.from(document.querySelectorAll("mark")).every((m) => m.dataset.category === "근거의 타당성")).toBe(true);
    expect(screen.getAllByTestId("annotation-note").map((n) => n.dataset.annotation)).toEqual(["2"]);
    // The text itself stays.
    expect(screen.getByTestId("report-answer").textContent).toContain("스마트폰 사용은 제한되어야 한다.");
    fireEvent.click(within(filter).getByRole("button", { name: /전체/ }));
    expect(marks()).toHaveLength(3);
  });

  it("opens a mark's note on keyboard focus, keeps it with Enter, closes with Escape", async () => {
    reportIs(annotated());
    renderView();
    await screen.findByTestId("annotated-essay");
    const mark = marks()[2];
    const note = document.getElementById(mark.getAttribute("aria-describedby")!)!;
    expect(note.dataset.open).toBe("false");
    expect(mark.getAttribute("role")).toBe("button");
    act(() => mark.focus());
    expect(document.activeElement).toBe(mark);
    expect(note.dataset.open).toBe("true");
    expect(mark.getAttribute("aria-expanded")).toBe("true");
    expect(note.textContent).toContain("근거는 무엇인가요?");
    fireEvent.keyDown(mark, { key: "Enter" });
    act(() => mark.blur());
    expect(note.dataset.open).toBe("true");
    fireEvent.keyDown(mark, { key: "Escape" });
    expect(note.dataset.open).toBe("false");
    fireEvent.mouseEnter(marks()[0]);
    expect(screen.getAllByTestId("annotation-note")[0].dataset.open).toBe("true");
  });

  it("renders markup from the student or the model as text, never as HTML", async () => {
    const answer = "<script>window.__pwned = 1</script> 학생은 <b>굵게</b> 썼다.\n\n<img src=x onerror=alert(1)> 끝.";
    const quote = "<b>굵게</b>";
    reportIs(
      reportData({
        question: "<iframe src=javascript:alert(1)></iframe> 문제",
        rubric: [{ name: "<i>논리</i>", maxScore: 100 }],
        answer,
        annotations: [
          {
            start: answer.indexOf(quote),
            end: answer.indexOf(quote) + quote.length,
            quote,
            kind: "고칠 점",
            category: "<i>논리</i>",
            comment: "<script>alert(2)</script>",
            rewrite: "<u>고침</u>",
            source: "ai",
          },
        ],
      }),
    );
    renderView();
    const view = await screen.findByTestId("report-answer");
    const root = screen.getByTestId("report-view");
    for (const tag of ["script", "img", "iframe", "b", "i", "u"]) expect(root.querySelectorAll(tag), tag).toHaveLength(0);
    expect(view.textContent).toContain("<script>window.__pwned = 1</script>");
    expect(marks()[0].textContent).toBe("<b>굵게</b>");
    expect(screen.getByTestId("annotation-note").textContent).toContain("<script>alert(2)</script>");
    expect(screen.getByTestId("annotation-note").textContent).toContain("<u>고침</u>");
    expect(screen.getByTestId("report-question").textContent).toContain("<iframe src=javascript:alert(1)></iframe> 문제");
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it("prints the report alone: the essay with its marks and the numbered comments, gone after printing", async () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    reportIs(annotated());
    renderView();
    await screen.findByTestId("annotated-essay");
    expect(document.querySelector(".print-root")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "인쇄" }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const root = document.querySelector<HTMLElement>("body > .print-root")!;
    expect(document.body.dataset.printing).toBe("true");
    expect(root.querySelectorAll("button")).toHaveLength(0);
    expect(within(root).getByTestId("report-fact-name").textContent).toBe("김민수");
    expect(within(root).getByTestId("print-essay").textContent).toContain("둘째로 친구와의 대화가 늘어난다.");
    expect(Array.from(root.querySelectorAll("mark")).map((m) => m.textContent)).toEqual([
      "스마트폰 사용은 제한되어야 한다.",
      "어렵기 때문이다.",
      "둘째로",
      "결론적으로 제한이 필요하다.",
    ]);
    const notes = within(root).getByTestId("print-notes").querySelectorAll(":scope > li");
    const starts = [
      "✓1. 잘한 점논리 구조주장이 분명합니다.",
      "✎2. 고칠 점근거의 타당성문단 연결이 어색합니다.고쳐 쓰기: 어렵기 때문이다. 또한",
      "?3. 질문언어 표현근거는 무엇인가요?",
    ];
    expect(notes).toHaveLength(3);
    notes.forEach((li, i) => expect(li.textContent!.startsWith(starts[i]), li.textContent!).toBe(true));
    expect(within(root).getAllByTestId("print-category")).toHaveLength(3);
    window.dispatchEvent(new Event("afterprint"));
    await waitFor(() => expect(document.querySelector(".print-root")).toBeNull());
    expect(document.body.dataset.printing).toBeUndefined();
    print.mockRestore();
  });
});
