// @vitest-environment jsdom
// 결제 관리 → 플랜 변경: the quote comes first (the amount charged now for an upgrade, or the date a
// downgrade applies from), nothing is changed until the one confirmation sends POST /billing/change;
// a scheduled change is shown with 플랜 변경 취소.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Plan } from "@shared/types.ts";
import type { BillingOverview, ChangeQuote } from "@/features/billing/api/billing";

const mocks = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), notify: vi.fn() }));
vi.mock("@/lib/api-client", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/api-client")>();
  return { ...original, api: { ...original.api, get: mocks.get, post: mocks.post } };
});
vi.mock("@/lib/notify", () => ({ notify: mocks.notify }));

const { BillingManage } = await import("@/features/billing/components/billing-manage");

const plan = (id: string, name: string, price: number): Plan => ({
  id,
  name,
  description: null,
  price,
  currency: "KRW",
  billingPeriod: "monthly",
  maxEssaysPerMonth: 100,
  maxFilesPerUpload: 1,
  maxUsers: 1,
  features: [],
  isActive: 1,
});
const plans = [
  plan("trial", "체험판", 0),
  plan("individual", "개인", 9900),
  plan("educator", "교육자", 29900),
  plan("business", "기업", 99000),
];

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
  payments: [],
  notices: [],
};

const upgrade: ChangeQuote = {
  kind: "upgrade",
  planId: "business",
  planName: "기업",
  period: "monthly",
  amount: 23033,
  effectiveAt: "2026-12-15T01:00:00Z",
  nextAmount: 99000,
  daysLeft: 10,
  daysInPeriod: 30,
  message: "지금 기업 플랜으로 바뀌고, 남은 10일에 대한 차액 23,033원이 등록된 카드로 결제됩니다.",
};

function renderPage(data: BillingOverview) {
  mocks.get.mockResolvedValue(data);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <BillingManage plans={plans} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("플랜 변경 in 결제 관리", () => {
  it("quotes an upgrade's amount first and changes only after one confirmation", async () => {
    renderPage(overview);
    const form = await screen.findByTestId("plan-change-form");
    fireEvent.change(within(form).getByTestId("plan-change-plan"), { target: { value: "business" } });
    mocks.post.mockResolvedValueOnce(upgrade);
    fireEvent.click(within(form).getByTestId("plan-change-quote"));
    await waitFor(() => expect(mocks.post).toHaveBeenCalledWith("/billing/change/quote", { planId: "business", period: "monthly" }));
    const box = await screen.findByTestId("plan-change-quote-box");
    expect(box.textContent).toContain("23,033원");
    expect(box.textContent).toContain("남은 10일");

    fireEvent.click(within(box).getByTestId("plan-change-confirm"));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("23,033원");
    expect(mocks.post).toHaveBeenCalledTimes(1);
    mocks.post.mockResolvedValueOnce({ ...upgrade, orderId: "up_1", message: "기업 플랜으로 변경되었습니다." });
    fireEvent.click(within(dialog).getByRole("button", { name: "23,033원 결제" }));
    await waitFor(() => expect(mocks.post).toHaveBeenLastCalledWith("/billing/change", { planId: "business", period: "monthly" }));
    await waitFor(() =>
      expect(mocks.notify).toHaveBeenCalledWith(expect.objectContaining({ description: "기업 플랜으로 변경되었습니다." })),
    );
  });

  it("says a downgrade charges nothing now and applies from the next renewal date", async () => {
    renderPage(overview);
    const form = await screen.findByTestId("plan-change-form");
    fireEvent.change(within(form).getByTestId("plan-change-plan"), { target: { value: "individual" } });
    mocks.post.mockResolvedValueOnce({
      ...upgrade,
      kind: "downgrade",
      planId: "individual",
      planName: "개인",
      amount: 0,
      effectiveAt: "2026-12-25T01:00:00Z",
      nextAmount: 9900,
      daysLeft: null,
      daysInPeriod: null,
      message: "다음 결제일부터 개인 플랜으로 바뀝니다.",
    });
    fireEvent.click(within(form).getByTestId("plan-change-quote"));
    const box = await screen.findByTestId("plan-change-quote-box");
    expect(box.textContent).toContain("지금 결제되는 금액 없음");
    expect(box.textContent).toContain("2026. 12. 25.");
    expect(box.textContent).toContain("9,900원");
    expect(within(box).getByTestId("plan-change-confirm").textContent).toBe("변경 예약");
  });

  it("shows a scheduled change with 플랜 변경 취소, and no form while the subscription is cancelled", async () => {
    renderPage({
      ...overview,
      scheduledChange: { planId: "individual", planName: "개인", period: "monthly", amount: 9900, at: "2026-12-25T01:00:00Z" },
    });
    expect((await screen.findByTestId("billing-scheduled-change")).textContent).toContain("개인 플랜");
    mocks.post.mockResolvedValueOnce({ message: "예약된 플랜 변경이 취소되었습니다." });
    fireEvent.click(screen.getByTestId("billing-cancel-change"));
    await waitFor(() => expect(mocks.post).toHaveBeenCalledWith("/billing/change/cancel", {}));
    cleanup();

    renderPage({ ...overview, status: "canceled", cancelAtPeriodEnd: true });
    await screen.findByTestId("billing-current");
    expect(screen.queryByTestId("plan-change-form")).toBeNull();
  });
});
