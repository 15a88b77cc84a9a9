// @vitest-environment jsdom
// 탈퇴한 회원 결제 기록 (admins): the paid orders of deleted accounts, kept without the person, are
// listed from GET /admin/payments/withdrawn and can still be refunded.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paymentRecord } from "../mocks/payment-record.ts";

const mocks = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), notify: vi.fn() }));
vi.mock("@/lib/api-client", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/api-client")>();
  return { ...original, api: { ...original.api, get: mocks.get, post: mocks.post } };
});
vi.mock("@/lib/notify", () => ({ notify: mocks.notify }));

const { PaymentsDialog } = await import("@/features/admin/components/payments-dialog");

const kept = paymentRecord({ orderId: "ord_withdrawn_1" });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("PaymentsDialog for deleted accounts", () => {
  it("lists the kept records and refunds one without a member", async () => {
    mocks.get.mockResolvedValue([kept]);
    mocks.post.mockResolvedValue({ message: "환불이 처리되었습니다.", payment: { ...kept, status: "refunded" }, user: null });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <PaymentsDialog user="withdrawn" onClose={() => {}} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("탈퇴한 회원 결제 기록")).toBeTruthy();
    expect(mocks.get).toHaveBeenCalledWith("/admin/payments/withdrawn");
    const row = await screen.findByTestId("member-payment-row");
    expect(within(row).getByText("29,900원")).toBeTruthy();

    fireEvent.click(within(row).getByRole("button", { name: "환불" }));
    fireEvent.change(screen.getByLabelText("환불 사유 (필수)"), { target: { value: "탈퇴 회원 환불" } });
    fireEvent.click(screen.getByRole("button", { name: "환불하기" }));
    await waitFor(() => expect(mocks.post).toHaveBeenCalledWith("/admin/payments/ord_withdrawn_1/refund", { reason: "탈퇴 회원 환불" }));
    await waitFor(() => expect(mocks.notify).toHaveBeenCalled());
    expect(mocks.notify.mock.calls[0][0].description).toContain("탈퇴한 회원의 결제에서 29,900원을 환불했습니다.");
  });
});
