// @vitest-environment jsdom
// The student link and the teacher's view draw one report with one renderer: the same marks (same
// elements, test ids, kinds and numbers) and the same notes, the same A4 print; and an answer without
// marks takes the whole width (no empty margin column kept for notes).
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SharedReport } from "@shared/review.ts";
import { API, reportData } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

vi.stubEnv("VITE_API_URL", API);
const { ReportBody } = await import("@/features/sessions/components/report-view");
const { SharedReportView } = await import("@/features/shared-report/components/shared-report-view");

afterEach(cleanup);

const ANSWER = "스마트폰 사용은 제한되어야 한다. 수업에 집중하기 어렵기 때문이다.\n\n결론적으로 제한이 필요하다.";
const at = (quote: string) => ({ start: ANSWER.indexOf(quote), end: ANSWER.indexOf(quote) + quote.length, quote });
const annotations = [
  {
    ...at("스마트폰 사용은 제한되어야 한다."),
    kind: "잘한 점" as const,
    category: "논리 구조",
    comment: "주장이 분명합니다.",
    rewrite: null,
    source: "ai" as const,
  },
  {
    ...at("결론적으로"),
    kind: "고칠 점" as const,
    category: "언어 표현",
    comment: "접속어를 줄이세요.",
    rewrite: "그래서",
    source: "teacher" as const,
  },
];
const teacher = reportData({ answer: ANSWER, annotations });
const shared: SharedReport = {
  studentInfo: { name: teacher.studentInfo.name },
  submittedAt: teacher.submittedAt,
  reviewedAt: "2026-03-03T01:00:00.000Z",
  reviewed: true,
  overallScore: teacher.overallScore,
  maxScore: teacher.maxScore,
  categories: teacher.categories,
  strengths: teacher.strengths,
  improvementAreas: teacher.improvementAreas,
  detailedFeedback: teacher.detailedFeedback,
  suggestions: teacher.suggestions,
  annotations,
  question: teacher.question,
  answer: ANSWER,
  rubric: teacher.rubric,
  expiresAt: "2026-03-17T01:00:00.000Z",
};

function withClient(children: ReactNode) {
  return <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>;
}

/** Every element of the marked answer that carries a test id or a mark number, as `tag testid kind n`. */
function markElements(): string[] {
  const essay = screen.getByTestId("annotated-essay");
  return Array.from(essay.querySelectorAll<HTMLElement>("[data-testid], [data-annotation]")).map((el) =>
    [el.tagName.toLowerCase(), el.dataset.testid ?? "", el.dataset.kind ?? "", el.dataset.annotation ?? "", el.textContent].join(" "),
  );
}

describe("the student link and the teacher's view", () => {
  it("draw the same mark elements with the same test ids and notes", async () => {
    render(<ReportBody report={teacher} />);
    const fromTeacher = markElements();
    cleanup();
    server.use(http.get(`${API}/shared/:token`, () => HttpResponse.json(shared)));
    render(withClient(<SharedReportView token="t0k3n" />));
    await screen.findByTestId("shared-report");
    const fromStudent = markElements();

    const withId = (id: string) => fromTeacher.filter((e) => e.split(" ")[1] === id);
    expect(withId("annotation-mark")).toHaveLength(2);
    expect(withId("annotation-marker")).toHaveLength(2);
    expect(withId("annotation-note")).toHaveLength(2);
    expect(fromStudent).toEqual(fromTeacher);
  });

  it("print the report alone on A4 the same way: the marked answer and the numbered notes", async () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    server.use(http.get(`${API}/shared/:token`, () => HttpResponse.json(shared)));
    render(withClient(<SharedReportView token="t0k3n" />));
    await screen.findByTestId("shared-report");
    fireEvent.click(screen.getByRole("button", { name: "인쇄" }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const root = document.querySelector<HTMLElement>("body > .print-root")!;
    expect(document.body.dataset.printing).toBe("true");
    expect(root.querySelectorAll("button")).toHaveLength(0);
    expect(Array.from(within(root).getByTestId("print-essay").querySelectorAll("mark")).map((m) => m.dataset.annotation)).toEqual([
      "1",
      "2",
    ]);
    expect(within(root).getByTestId("print-notes").querySelectorAll(":scope > li")).toHaveLength(2);
    window.dispatchEvent(new Event("afterprint"));
    await waitFor(() => expect(document.querySelector(".print-root")).toBeNull());
    print.mockRestore();
  });

  it("give an answer without marks the whole width: no margin column for notes", async () => {
    render(<ReportBody report={reportData({ answer: ANSWER, annotations: [] })} />);
    expect(screen.getByTestId("annotation-none")).toBeTruthy();
    const paragraphs = screen.getAllByTestId("essay-paragraph");
    expect(paragraphs).toHaveLength(2);
    for (const p of paragraphs) expect(p.className).not.toMatch(/grid-cols/);
    cleanup();
    render(<ReportBody report={teacher} />);
    for (const p of screen.getAllByTestId("essay-paragraph")) expect(p.className).toMatch(/lg:grid-cols-/);
  });
});
