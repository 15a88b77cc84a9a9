// @vitest-environment jsdom
// 결제 관리: a payment the server marks refundable offers 환불 요청; one confirmation sends
// POST /billing/refund with that payment; others show no button.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BillingOverview } from "@/features/billing/api/billing";

const mocks = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), notify: vi.fn() }));
vi.mock("@/lib/api-client", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/api-client")>();
  return { ...original, api: { ...original.api, get: mocks.get, post: mocks.post } };
});
vi.mock("@/lib/notify", () => ({ notify: mocks.notify }));

const { BillingManage } = await import("@/features/billing/components/billing-manage");

const payment = (id: string, refundable: boolean): BillingOverview["payments"][number] => ({
  id,
  kind: "subscription",
  planName: "교육자",
  orderName: "교육자 정기 구독",
  amount: 29900,
  status: "done",
  approvedAt: "2026-11-25T01:00:00Z",
  createdAt: "2026-11-25T01:00:00Z",
  periodStart: "2026-11-25T01:00:00Z",
  periodEnd: "2026-12-25T01:00:00Z",
  receiptUrl: null,
  refundedAmount: 0,
  refundable,
});

const overview: BillingOverview = {
  available: true,
  plan: { id: "educator", name: "교육자", price: 29900, yearlyPrice: 299000 },
  period: "monthly",
  status: "active",
  renewsAt: "2026-12-25T01:00:00Z",
  endsAt: null,
  cancelAtPeriodEnd: false,
  nextCharge: { amount: 29900, at: "2026-12-25T01:00:00Z" },
  scheduledChange: null,
  priceChange: null,
  retry: null,
  card: null,
  payments: [payment("ord_new", true), payment("ord_old", false)],
  notices: [],
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("환불 요청 in 결제 관리", () => {
  it("is offered only on a refundable payment and asks once before POST /billing/refund", async () => {
    mocks.get.mockResolvedValue(overview);
    mocks.post.mockResolvedValue({ message: "29,900원이 환불되었습니다." });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <BillingManage plans={[]} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByTestId("billing-payment-row");
    expect(within(rows[0]).getByRole("button", { name: "환불 요청" })).toBeTruthy();
    expect(within(rows[1]).queryByRole("button", { name: "환불 요청" })).toBeNull();

    fireEvent.click(within(rows[0]).getByRole("button", { name: "환불 요청" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("29,900원");
    expect(mocks.post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "환불 요청" }));
    await waitFor(() => expect(mocks.post).toHaveBeenCalledWith("/billing/refund", { paymentId: "ord_new" }));
    await waitFor(() => expect(mocks.notify).toHaveBeenCalledWith(expect.objectContaining({ description: "29,900원이 환불되었습니다." })));
  });
});
