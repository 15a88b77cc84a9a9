// @vitest-environment jsdom
// The rubric library in the setup (평가 기준 불러오기: templates, mine, the organisation's; 이 기준 저장) and the
// comment bank in the review (★ and the saved-comment select), against msw answers typed by the API's shapes.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { commentInputSchema, LIBRARY_MESSAGES, rubricInputSchema, type LibraryRubric, type SavedComment } from "@shared/library.ts";
import { RUBRIC_TEMPLATES } from "@shared/rubric-templates.ts";
import { API, apiError, requestBody } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

const mocks = vi.hoisted(() => ({ notify: vi.fn() }));
vi.stubEnv("VITE_API_URL", API);
vi.mock("@/lib/notify", () => ({ notify: mocks.notify }));

const { RubricPicker } = await import("@/components/library/rubric-picker");
const { SaveRubricDialog } = await import("@/components/library/save-rubric-dialog");
const { SaveCommentButton, SavedCommentSelect, orderForCategory } = await import("@/components/library/comment-bank");

const saved = (overrides: Partial<LibraryRubric>): LibraryRubric => ({
  id: "11111111-1111-4111-8111-111111111111",
  name: "내 모의고사 기준",
  description: "",
  criteria: [
    { name: "논지", maxScore: 60 },
    { name: "표현", maxScore: 40 },
  ],
  builtIn: false,
  shared: false,
  mine: true,
  canEdit: true,
  updatedAt: "2026-11-20T00:00:00Z",
  ...overrides,
});

function withClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  mocks.notify.mockReset();
});

describe("평가 기준 불러오기", () => {
  it("groups the templates, my rubrics and the organisation's, and hands the chosen criteria over", async () => {
    const org = saved({ id: "22222222-2222-4222-8222-222222222222", name: "학원 공통", shared: true, mine: false, canEdit: false });
    server.use(http.get(`${API}/rubrics`, () => HttpResponse.json({ rubrics: [...RUBRIC_TEMPLATES, saved({}), org] })));
    const onPick = vi.fn();
    withClient(<RubricPicker onPick={onPick} />);
    const picker = await screen.findByTestId("rubric-picker");
    const groups = within(picker)
      .getAllByRole("heading")
      .map((h) => h.textContent);
    expect(groups).toEqual(["기본 템플릿", "내 평가 기준", "기관 평가 기준"]);
    const templates = within(picker).getByRole("region", { name: "기본 템플릿" });
    expect(within(templates).getAllByRole("listitem")).toHaveLength(5);
    expect(within(templates).getAllByText("항목 5개 · 100점")).toHaveLength(5);
    fireEvent.click(screen.getByRole("button", { name: "학원 공통 불러오기" }));
    expect(onPick).toHaveBeenCalledWith(org);
    fireEvent.click(screen.getByRole("button", { name: "찬반 논증 불러오기" }));
    expect(onPick).toHaveBeenLastCalledWith(RUBRIC_TEMPLATES[2]);
  });

  it("says when nothing is saved yet, and when the list cannot be read", async () => {
    server.use(http.get(`${API}/rubrics`, () => HttpResponse.json({ rubrics: RUBRIC_TEMPLATES })));
    withClient(<RubricPicker onPick={() => {}} />);
    expect(await screen.findByText("저장한 평가 기준이 없습니다.")).toBeTruthy();
    cleanup();
    server.use(http.get(`${API}/rubrics`, () => apiError(500, "서버 오류")));
    withClient(<RubricPicker onPick={() => {}} />);
    expect((await screen.findByRole("alert")).textContent).toBe("평가 기준 목록을 불러오지 못했습니다.");
  });

  it("sends the organisation's id when an organisation's space is active", async () => {
    localStorage.setItem("activeOrgId", "33333333-3333-4333-8333-333333333333");
    let header: string | null = null;
    server.use(
      http.get(`${API}/rubrics`, ({ request }) => {
        header = request.headers.get("x-org-id");
        return HttpResponse.json({ rubrics: RUBRIC_TEMPLATES });
      }),
    );
    withClient(<RubricPicker onPick={() => {}} />);
    await screen.findByTestId("rubric-picker");
    expect(header).toBe("33333333-3333-4333-8333-333333333333");
  });
});

describe("이 기준 저장", () => {
  const criteria = [
    { name: "논리 구조", maxScore: 70 },
    { name: "표현", maxScore: 30 },
  ];

  it("posts the current criteria under the given name, as the API's schema takes it", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/rubrics`, async ({ request }) => {
        bodies.push(await requestBody(request, rubricInputSchema));
        return HttpResponse.json({ rubric: saved({ name: "3월 모의", criteria }), message: LIBRARY_MESSAGES.rubricSaved }, { status: 201 });
      }),
    );
    const onOpenChange = vi.fn();
    withClient(<SaveRubricDialog open onOpenChange={onOpenChange} criteria={criteria} />);
    fireEvent.change(screen.getByLabelText("이름"), { target: { value: "3월 모의" } });
    fireEvent.click(screen.getByRole("button", { name: "저장" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(bodies).toEqual([{ name: "3월 모의", description: "", criteria, shared: false }]);
    expect(screen.queryByRole("switch")).toBeNull();
  });

  it("refuses a missing name and broken criteria before sending, and shows the server's refusal", async () => {
    server.use(http.post(`${API}/rubrics`, () => apiError(409, LIBRARY_MESSAGES.tooManyRubrics)));
    withClient(<SaveRubricDialog open onOpenChange={() => {}} criteria={[{ name: "", maxScore: 10 }]} />);
    fireEvent.click(screen.getByRole("button", { name: "저장" }));
    expect(await screen.findByText(LIBRARY_MESSAGES.nameRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("이름"), { target: { value: "기준" } });
    fireEvent.click(screen.getByRole("button", { name: "저장" }));
    expect((await screen.findByRole("alert")).textContent).toBe("채점 항목을 먼저 바르게 고쳐 주세요.");
    cleanup();
    withClient(<SaveRubricDialog open onOpenChange={() => {}} criteria={criteria} defaultName="기준" />);
    fireEvent.click(screen.getByRole("button", { name: "저장" }));
    expect((await screen.findByRole("alert")).textContent).toBe(LIBRARY_MESSAGES.tooManyRubrics);
  });
});

describe("the comment bank while reviewing", () => {
  const comment = (id: string, text: string, category: string | null): SavedComment => ({
    id,
    text,
    category,
    shared: false,
    mine: true,
    canDelete: true,
    createdAt: "2026-11-20T00:00:00Z",
  });
  const bank = [
    comment("c1", "문단을 나누세요.", "고칠 점"),
    comment("c2", "근거가 분명합니다.", "잘한 점"),
    comment("c3", "결론을 다듬으세요.", "고칠 점"),
  ];

  it("offers the comment's category first and puts the chosen comment in", async () => {
    expect(orderForCategory(bank, "잘한 점").map((c) => c.id)).toEqual(["c2", "c1", "c3"]);
    server.use(http.get(`${API}/comments`, () => HttpResponse.json({ comments: bank })));
    const onPick = vi.fn();
    withClient(<SavedCommentSelect category="잘한 점" label="첨삭 1" onPick={onPick} />);
    const select = screen.getByRole("combobox", { name: "첨삭 1 저장된 코멘트 넣기" }) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(4));
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "저장된 코멘트 3개에서 고르기",
      "[잘한 점] 근거가 분명합니다.",
      "[고칠 점] 문단을 나누세요.",
      "[고칠 점] 결론을 다듬으세요.",
    ]);
    fireEvent.change(select, { target: { value: "c3" } });
    expect(onPick).toHaveBeenCalledWith("결론을 다듬으세요.");
  });

  it("★ saves a written comment with its category, and shows it saved once the bank has it", async () => {
    const bodies: unknown[] = [];
    let listed = bank;
    server.use(
      http.get(`${API}/comments`, () => HttpResponse.json({ comments: listed })),
      http.post(`${API}/comments`, async ({ request }) => {
        bodies.push(await requestBody(request, commentInputSchema));
        const c = comment("c4", "서론이 깁니다.", "고칠 점");
        listed = [c, ...bank];
        return HttpResponse.json({ comment: c, message: LIBRARY_MESSAGES.commentSaved }, { status: 201 });
      }),
    );
    withClient(<SaveCommentButton text="서론이 깁니다." category="고칠 점" label="첨삭 2" />);
    const star = await screen.findByRole("button", { name: "첨삭 2 코멘트 은행에 저장" });
    await waitFor(() => expect((star as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(star);
    const done = await screen.findByRole("button", { name: "첨삭 2 코멘트 은행에 저장됨" });
    expect(done.getAttribute("aria-pressed")).toBe("true");
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(bodies).toEqual([{ text: "서론이 깁니다.", category: "고칠 점" }]);
  });
});
