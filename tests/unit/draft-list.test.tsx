// @vitest-environment jsdom
// The teacher's drafts of a student: each draft opens its result; 학생에게 숨기기 / 보이기 sends the flipped
// hidden flag for that draft only; 다시 채점 asks first (it uses one grading) and only then posts the regrade,
// and is offered only for a graded draft.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

const mocks = vi.hoisted(() => ({ patch: vi.fn(), post: vi.fn() }));
vi.mock("@/lib/api-client", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/api-client")>();
  return { ...original, api: { ...original.api, patch: mocks.patch, post: mocks.post } };
});

const { DraftList } = await import("@/features/intake/components/draft-list");

const base = { submittedAt: "2026-11-27T01:00:00.000Z", maxScore: 100, text: "" };
const drafts = [
  { ...base, id: "d1", draftNumber: 1, status: "completed", hidden: false, reviewed: true, overallScore: 50 },
  { ...base, id: "d2", draftNumber: 2, status: "processing", hidden: true, reviewed: false, overallScore: null },
];

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DraftList studentId="s1" sessionId="sess" drafts={drafts} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("the teacher's draft list", () => {
  it("shows each draft's score or state, links to its result and hides or shows the one clicked", async () => {
    mocks.patch.mockResolvedValue({ id: "d1", hidden: true });
    renderList();
    const first = screen.getByTestId("draft-1");
    const second = screen.getByTestId("draft-2");
    expect(first.textContent).toContain("50/100");
    expect(first.textContent).toContain("검토 완료");
    expect(second.textContent).toContain("채점 중");
    expect(second.textContent).toContain("학생에게 숨김");
    expect(within(first).getByRole("link", { name: "결과 보기" }).getAttribute("href")).toBe("/sessions/sess/submissions/d1");

    fireEvent.click(within(first).getByRole("button", { name: "학생에게 숨기기" }));
    await waitFor(() => expect(mocks.patch).toHaveBeenCalledTimes(1));
    expect(mocks.patch).toHaveBeenCalledWith("/sessions/sess/intake/drafts/d1", { hidden: true });

    fireEvent.click(within(second).getByRole("button", { name: "학생에게 보이기" }));
    await waitFor(() => expect(mocks.patch).toHaveBeenCalledTimes(2));
    expect(mocks.patch).toHaveBeenLastCalledWith("/sessions/sess/intake/drafts/d2", { hidden: false });
  });

  it("grades a draft again only after the confirmation, and not a draft still being graded", async () => {
    mocks.post.mockResolvedValue({ message: "ok" });
    renderList();
    expect(within(screen.getByTestId("draft-2")).getByRole("button", { name: "다시 채점" }).hasAttribute("disabled")).toBe(true);

    fireEvent.click(within(screen.getByTestId("draft-1")).getByRole("button", { name: "다시 채점" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("1번째 글을 다시 채점할까요?");
    expect(dialog.textContent).toContain("이용 횟수 1회");
    expect(mocks.post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "다시 채점" }));
    await waitFor(() => expect(mocks.post).toHaveBeenCalledWith("/submissions/d1/regrade"));
  });
});
