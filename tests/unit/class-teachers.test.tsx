// @vitest-environment jsdom
// 담당 교사 on the class page: nothing for a personal class; the names for a teacher; for an owner or a
// manager a checkbox picker of the organisation's members whose 저장 sends the chosen set (PUT).
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";

const mocks = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock("@/lib/api-client", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/api-client")>();
  return { ...original, api: { ...original.api, get: mocks.get, put: mocks.put } };
});

const { TeachersSection } = await import("@/features/classes/components/teachers-section");

const kim = { userId: "u-kim", name: "김교사", role: "teacher" };
const lee = { userId: "u-lee", name: "이교사", role: "teacher" };
const boss = { userId: "u-boss", name: "박원장", role: "owner" };

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TeachersSection classId="c1" />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("TeachersSection", () => {
  it("shows nothing for a personal class", async () => {
    mocks.get.mockResolvedValue({ organisation: false, canAssign: false, teachers: [], members: [] });
    const { container } = renderSection();
    await waitFor(() => expect(mocks.get).toHaveBeenCalledWith("/classes/c1/teachers"));
    expect(container.textContent).toBe("");
  });

  it("lists the teachers without a picker for a teacher", async () => {
    mocks.get.mockResolvedValue({ organisation: true, canAssign: false, teachers: [kim], members: [] });
    renderSection();
    expect(await screen.findByText("김교사")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "담당 교사" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "담당 교사 정하기" })).toBeNull();
  });

  it("lets an owner or a manager choose the teachers among the members", async () => {
    mocks.get.mockResolvedValue({ organisation: true, canAssign: true, teachers: [kim], members: [boss, kim, lee] });
    mocks.put.mockResolvedValue({
      organisation: true,
      canAssign: true,
      teachers: [lee],
      members: [boss, kim, lee],
      message: "담당 교사를 저장했습니다.",
    });
    renderSection();
    fireEvent.click(await screen.findByRole("button", { name: "담당 교사 정하기" }));
    const kimBox = screen.getByRole("checkbox", { name: /김교사/ }) as HTMLInputElement;
    expect(kimBox.checked).toBe(true);
    fireEvent.click(kimBox);
    fireEvent.click(screen.getByRole("checkbox", { name: /이교사/ }));
    fireEvent.click(screen.getByRole("button", { name: "저장" }));
    await waitFor(() => expect(mocks.put).toHaveBeenCalledWith("/classes/c1/teachers", { userIds: ["u-lee"] }));
  });
});
