// @vitest-environment jsdom
// 기준 답안 in the setup tab (list, add typed with scores, the server's Korean refusal, delete) and the
// report's line saying anchors were used.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AnchorAnswerJson, AnchorListJson } from "@shared/anchors.ts";
import type { AnalysisSession } from "@shared/types.ts";
import type { ReportData } from "@shared/grading.ts";
import { API, apiError } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

const mocks = vi.hoisted(() => ({ notify: vi.fn() }));
vi.stubEnv("VITE_API_URL", API);
vi.mock("@/lib/notify", () => ({ notify: mocks.notify }));

const { AnchorAnswers } = await import("@/features/sessions/components/anchor-answers");
const { GraderNotice } = await import("@/features/sessions/components/report-view");

/** `METHOD /path` after the API base, and the JSON body when there is one. */
interface SeenRequest {
  call: string;
  body?: unknown;
}

/** The anchor routes: GET answers `listed`, POST answers `added` (or its error), DELETE succeeds. */
function anchorRoutes(
  listed: AnchorListJson,
  added: () => Response = () => HttpResponse.json<AnchorAnswerJson>(list(1).anchors[0], { status: 201 }),
) {
  const seen: SeenRequest[] = [];
  const record = async (request: Request) => {
    const call = `${request.method} ${new URL(request.url).pathname.slice(new URL(API).pathname.length)}`;
    const text = request.method === "POST" ? await request.text() : "";
    seen.push(text ? { call, body: JSON.parse(text) } : { call });
  };
  server.use(
    http.get(`${API}/sessions/:id/anchors`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(listed);
    }),
    http.post(`${API}/sessions/:id/anchors`, async ({ request }) => {
      await record(request);
      return added();
    }),
    http.delete(`${API}/sessions/:id/anchors/:anchorId`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ success: true });
    }),
  );
  return seen;
}

const session = { id: "11111111-1111-4111-8111-111111111111" } as AnalysisSession;
const rubric = [
  { name: "논리 구조", maxScore: 40 },
  { name: "근거의 타당성", maxScore: 30 },
  { name: "언어 표현", maxScore: 30 },
];
const longText = "스마트폰 사용은 학교에서 제한되어야 한다. ".repeat(8);

function list(n: number): AnchorListJson {
  return {
    max: 3,
    rubric,
    anchors: Array.from({ length: n }, (_, i) => ({
      id: `a${i}`,
      content: `기준 답안 본문 ${i}`,
      totalScore: 80 + i + 0.5,
      categoryScores: i === 0 ? [{ name: "논리 구조", score: 35 }] : [],
      filename: i === 1 ? "예시.docx" : null,
      createdAt: "2026-03-02T01:00:00.000Z",
    })),
  };
}

function renderAnchors() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AnchorAnswers session={session} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("AnchorAnswers", () => {
  it("renders nothing before the session exists", () => {
    const seen = anchorRoutes(list(0));
    const client = new QueryClient();
    const { container } = render(
      <QueryClientProvider client={client}>
        <AnchorAnswers session={null} />
      </QueryClientProvider>,
    );
    expect(container.textContent).toBe("");
    expect(seen).toEqual([]);
  });

  it("lists the anchors and adds a typed one with its total and category scores", async () => {
    const seen = anchorRoutes(list(1));
    renderAnchors();
    const listed = await screen.findByRole("list", { name: "추가된 기준 답안" });
    expect(within(listed).getByText("기준 답안 1 · 총점 80.5점 · 직접 입력")).toBeTruthy();
    expect(within(listed).getByText("논리 구조 35점")).toBeTruthy();
    expect(seen[0]).toEqual({ call: `GET /sessions/${session.id}/anchors` });

    fireEvent.change(screen.getByLabelText("기준 답안 내용"), { target: { value: longText } });
    fireEvent.change(screen.getByLabelText("총점 (만점 100점)"), { target: { value: "77.5" } });
    fireEvent.change(screen.getByLabelText("근거의 타당성 (선택, 30점)"), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "기준 답안 추가" }));
    await waitFor(() => expect(seen.some((r) => r.call.startsWith("POST"))).toBe(true));
    expect(seen.find((r) => r.call.startsWith("POST"))).toEqual({
      call: `POST /sessions/${session.id}/anchors`,
      body: { content: longText, totalScore: 77.5, categoryScores: [{ name: "근거의 타당성", score: 20 }] },
    });
    await waitFor(() => expect(mocks.notify).toHaveBeenCalledWith({ title: "기준 답안", description: "기준 답안을 추가했습니다." }));
  });

  it("checks the total and length before sending, and shows the server's Korean refusal", async () => {
    const seen = anchorRoutes(list(0), () => apiError(400, "평가 기준에 없는 항목입니다: 창의성"));
    renderAnchors();
    await screen.findByLabelText("총점 (만점 100점)");
    fireEvent.click(screen.getByRole("button", { name: "기준 답안 추가" }));
    expect(mocks.notify).toHaveBeenLastCalledWith(
      expect.objectContaining({ description: "기준 답안의 총점을 입력해 주세요.", variant: "destructive" }),
    );
    fireEvent.change(screen.getByLabelText("총점 (만점 100점)"), { target: { value: "50" } });
    fireEvent.change(screen.getByLabelText("기준 답안 내용"), { target: { value: "짧은 답안" } });
    fireEvent.click(screen.getByRole("button", { name: "기준 답안 추가" }));
    expect(mocks.notify).toHaveBeenLastCalledWith(expect.objectContaining({ description: "기준 답안은 100자 이상이어야 합니다." }));
    expect(seen.filter((r) => r.call.startsWith("POST"))).toEqual([]);
    fireEvent.change(screen.getByLabelText("기준 답안 내용"), { target: { value: longText } });
    fireEvent.click(screen.getByRole("button", { name: "기준 답안 추가" }));
    await waitFor(() =>
      expect(mocks.notify).toHaveBeenLastCalledWith(
        expect.objectContaining({ description: "평가 기준에 없는 항목입니다: 창의성", variant: "destructive" }),
      ),
    );
  });

  it("hides the form when 3 are there, and deletes one", async () => {
    const seen = anchorRoutes(list(3));
    renderAnchors();
    expect(await screen.findByText("기준 답안을 3개 모두 추가했습니다.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "기준 답안 추가" })).toBeNull();
    expect(screen.getByText("기준 답안 2 · 총점 81.5점 · 예시.docx")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "기준 답안 2 삭제" }));
    await waitFor(() => expect(seen.map((r) => r.call)).toContain(`DELETE /sessions/${session.id}/anchors/a1`));
  });
});

describe("report: anchors used", () => {
  const base = { grader: "ai", graderLabel: "AI 채점 (fake)", flagLabels: [] } as unknown as ReportData;
  it("says how many anchor answers the grade used, and nothing without them", () => {
    render(<GraderNotice report={{ ...base, anchorsUsed: 2 }} />);
    expect(screen.getByTestId("report-anchors").textContent).toBe("· 기준 답안 2개를 참고해 채점했습니다.");
    cleanup();
    render(<GraderNotice report={{ ...base, anchorsUsed: 0 }} />);
    expect(screen.queryByTestId("report-anchors")).toBeNull();
  });
});
