// @vitest-environment jsdom
// The refund confirmation says the amount that will be refunded: the amount entered for a partial
// refund (not the whole payment), and a refused refund's toast says the refund was not processed.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paymentRecord } from "../mocks/payment-record.ts";
import type { AdminUser } from "@/features/admin/api/types";

const mocks = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), notify: vi.fn() }));
vi.mock("@/lib/api-client", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/api-client")>();
  return { ...original, api: { ...original.api, get: mocks.get, post: mocks.post } };
});
vi.mock("@/lib/notify", () => ({ notify: mocks.notify }));

const { ApiError } = await import("@/lib/api-client");
const { PaymentsDialog } = await import("@/features/admin/components/payments-dialog");

const paid = paymentRecord();

const member = { id: "u1", username: "kim" } as AdminUser;

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function openRefund() {
  mocks.get.mockResolvedValue([paid]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PaymentsDialog user={member} onClose={() => {}} />
    </QueryClientProvider>,
  );
  const row = await screen.findByTestId("member-payment-row");
  fireEvent.click(within(row).getByRole("button", { name: "환불" }));
  return screen.getByTestId("refund-summary");
}

describe("refund confirmation wording", () => {
  it("says the entered amount for a partial refund, and the whole remainder when the amount is empty", async () => {
    const summary = await openRefund();
    expect(summary.textContent).toContain("29,900원을 환불합니다.");
    expect(summary.textContent).toContain("남은 금액 전액을 환불하면");

    fireEvent.change(screen.getByLabelText("환불 금액 (원, 비우면 남은 금액 전액)"), { target: { value: "10000" } });
    expect(summary.textContent).toContain("29,900원 결제 중 10,000원을 환불합니다.");
    expect(summary.textContent).not.toContain("29,900원을 환불합니다");
    expect(summary.textContent).toContain("부분 환불은 이용 기간을 바꾸지 않습니다.");

    fireEvent.change(screen.getByLabelText("환불 금액 (원, 비우면 남은 금액 전액)"), { target: { value: "40000" } });
    expect(summary.textContent).toContain("환불할 금액을 확인해 주세요.");
    expect(summary.textContent).not.toContain("을 환불합니다");
  });

  it("toasts 환불 실패 with the server's refund message and sends the entered amount", async () => {
    mocks.post.mockRejectedValue(new ApiError("환불 요청이 처리되지 않았습니다. 환불할 수 없는 결제입니다.", 409, {}));
    await openRefund();
    fireEvent.change(screen.getByLabelText("환불 금액 (원, 비우면 남은 금액 전액)"), { target: { value: "10000" } });
    fireEvent.change(screen.getByLabelText("환불 사유 (필수)"), { target: { value: "일부 기간 미사용" } });
    fireEvent.click(screen.getByRole("button", { name: "환불하기" }));
    await waitFor(() => expect(mocks.notify).toHaveBeenCalled());
    expect(mocks.post).toHaveBeenCalledWith("/admin/payments/ord_member_paid_1/refund", { reason: "일부 기간 미사용", amount: 10000 });
    expect(mocks.notify.mock.calls[0][0]).toMatchObject({
      title: "환불 실패",
      description: "환불 요청이 처리되지 않았습니다. 환불할 수 없는 결제입니다.",
    });
  });
});
