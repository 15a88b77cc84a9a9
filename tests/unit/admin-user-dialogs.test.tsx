// @vitest-environment jsdom
// The admin's 구독 플랜 변경 and 계정 삭제 dialogs (one ConfirmDialog): the action stays disabled until
// it may run (a plan chosen; never one's own account), and the change dialog's body is its fields.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Plan } from "@shared/types.ts";
import type { AdminUser } from "@/features/admin/api/types";
import { API, apiError, user } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

const mocks = vi.hoisted(() => ({ notify: vi.fn() }));
vi.stubEnv("VITE_API_URL", API);
vi.mock("@/lib/notify", () => ({ notify: mocks.notify }));

const { ChangePlanDialog } = await import("@/features/admin/components/change-plan-dialog");
const { DeleteUserDialog } = await import("@/features/admin/components/delete-user-dialog");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const member: AdminUser = { ...user({ id: "u-2", username: "kim" }), usage: { current: 0, limit: 500 }, essaysThisMonth: 0 };
const educator: Plan = {
  id: "educator",
  name: "교육자",
  description: null,
  price: 29900,
  currency: "KRW",
  billingPeriod: "monthly",
  maxEssaysPerMonth: 500,
  maxFilesPerUpload: 50,
  maxUsers: 1,
  features: [],
  isActive: 1,
};

function withClient(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe("계정 삭제", () => {
  it("cannot delete one's own account", () => {
    withClient(<DeleteUserDialog user={member} currentUserId="u-2" onClose={vi.fn()} />);
    expect(screen.getByText("자신의 계정은 삭제할 수 없습니다.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "삭제" }).hasAttribute("disabled")).toBe(true);
  });

  it("offers deleting another member's account, and 취소 closes", () => {
    const onClose = vi.fn();
    withClient(<DeleteUserDialog user={member} currentUserId="u-1" onClose={onClose} />);
    expect(screen.getByRole("button", { name: "삭제" }).hasAttribute("disabled")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "취소" }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("tells the outcome: 완료 and closed, or 실패 with the server's reason and left open", async () => {
    let answer = () => HttpResponse.json({ message: "삭제되었습니다." });
    server.use(http.delete(`${API}/admin/users/:id`, () => answer()));
    const onClose = vi.fn();
    withClient(<DeleteUserDialog user={member} currentUserId="u-1" onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "삭제" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(mocks.notify).toHaveBeenLastCalledWith({ title: "계정 삭제 완료", description: "kim 계정이 삭제되었습니다." });

    answer = () => apiError(409, "진행 중인 채점이 있습니다.");
    fireEvent.click(screen.getByRole("button", { name: "삭제" }));
    await waitFor(() => expect(mocks.notify).toHaveBeenCalledTimes(2));
    expect(mocks.notify).toHaveBeenLastCalledWith({
      title: "계정 삭제 실패",
      description: "진행 중인 채점이 있습니다.",
      variant: "destructive",
    });
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe("구독 플랜 변경", () => {
  it("enables 변경하기 once a plan is chosen in the dialog's select", async () => {
    server.use(http.get(`${API}/plans`, () => HttpResponse.json([educator])));
    withClient(<ChangePlanDialog user={member} onClose={vi.fn()} />);
    const change = screen.getByRole("button", { name: "변경하기" });
    expect(change.hasAttribute("disabled")).toBe(true);
    const select = screen.getByLabelText("새 플랜");
    await waitFor(() => expect(screen.getByRole("option", { name: /교육자/ })).toBeTruthy());
    fireEvent.change(select, { target: { value: "educator" } });
    expect(change.hasAttribute("disabled")).toBe(false);
    expect(screen.getByLabelText("이용 종료일 (선택)")).toBeTruthy();
  });
});
