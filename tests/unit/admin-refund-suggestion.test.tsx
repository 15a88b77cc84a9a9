// @vitest-environment jsdom
// The admin refund form is prefilled with the terms' formula (price ÷ 30 × days remaining − gradings
// used × price per grading, rounded down) and writes the formula out with the numbers.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paymentRecord } from "../mocks/payment-record.ts";
import type { AdminUser } from "@/features/admin/api/types";

const mocks = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock("@/lib/api-client", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/api-client")>();
  return { ...original, api: { ...original.api, get: mocks.get, post: mocks.post } };
});

const { PaymentsDialog } = await import("@/features/admin/components/payments-dialog");

const paid = paymentRecord({
  orderName: "교육자 정기 구독",
  refundBasis: { price: 29900, period: "monthly", daysRemaining: 20, gradingsUsed: 3, gradingsPerPeriod: 500 },
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("admin refund suggestion", () => {
  it("prefills the amount by the terms' formula and shows the formula", async () => {
    mocks.get.mockResolvedValue([paid]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <PaymentsDialog user={{ id: "u1", username: "kim" } as AdminUser} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const row = await screen.findByTestId("member-payment-row");
    fireEvent.click(within(row).getByRole("button", { name: "환불" }));
    expect((screen.getByLabelText(/환불 금액/) as HTMLInputElement).value).toBe("19753");
    expect(screen.getByTestId("refund-formula").textContent).toContain("29,900원 ÷ 30 × 20일 − 3회 × (29,900원 ÷ 500회) = 19,753원");
    expect(screen.getByTestId("refund-summary").textContent).toContain("19,753원");
  });
});
