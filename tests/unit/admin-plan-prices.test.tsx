// @vitest-environment jsdom
// 플랜 가격 (admin): each paid plan's monthly and yearly price can be changed; 저장 stays off until a valid change
// is typed; the confirmation says when an increase reaches renewing subscribers (30 days) before anything is
// sent, and only then is PATCH /admin/plans/:id sent with the typed prices (an emptied yearly price: null).
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Plan } from "@shared/types.ts";
import { API } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

const mocks = vi.hoisted(() => ({ notify: vi.fn() }));
vi.stubEnv("VITE_API_URL", API);
vi.mock("@/lib/notify", () => ({ notify: mocks.notify }));

const { PlanPrices } = await import("@/features/admin/components/plan-prices");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const plan = (id: string, name: string, price: number, yearlyPrice: number | null): Plan => ({
  id,
  name,
  description: null,
  price,
  currency: "KRW",
  billingPeriod: "monthly",
  maxEssaysPerMonth: 500,
  maxFilesPerUpload: 10,
  maxUsers: 1,
  features: [],
  isActive: 1,
  yearlyPrice,
});

function renderPrices() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PlanPrices enabled />
    </QueryClientProvider>,
  );
}

describe("플랜 가격", () => {
  it("lists the paid plans and sends a confirmed increase with the typed prices", async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(`${API}/plans`, () => HttpResponse.json([plan("trial", "체험판", 0, null), plan("educator", "교육자", 29900, 299000)])),
      http.patch(`${API}/admin/plans/:id`, async ({ request, params }) => {
        sent.push({ id: params.id, body: await request.json() });
        return HttpResponse.json({ message: "가격이 변경되었습니다. 정기 구독 2건에 요금 변경을 안내했습니다.", plan: {}, notified: 2 });
      }),
    );
    renderPrices();
    const row = await screen.findByTestId("plan-price-educator");
    expect(screen.queryByTestId("plan-price-trial")).toBeNull();
    const save = within(row).getByRole("button", { name: "저장" });
    expect(save.hasAttribute("disabled")).toBe(true);

    fireEvent.change(within(row).getByLabelText("교육자 월 가격"), { target: { value: "12x" } });
    expect(save.hasAttribute("disabled")).toBe(true);
    fireEvent.change(within(row).getByLabelText("교육자 월 가격"), { target: { value: "34,900" } });
    fireEvent.change(within(row).getByLabelText("교육자 연 가격"), { target: { value: "" } });
    expect(save.hasAttribute("disabled")).toBe(false);
    fireEvent.click(save);

    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("교육자 플랜의 가격을 바꿀까요?");
    expect(dialog.textContent).toContain("34,900원");
    expect(dialog.textContent).toContain("연간 결제 없음");
    expect(dialog.textContent).toContain("30일");
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "가격 변경" }));
    await waitFor(() => expect(sent).toEqual([{ id: "educator", body: { price: 34900, yearlyPrice: null } }]));
    await waitFor(() =>
      expect(mocks.notify).toHaveBeenCalledWith({
        title: "가격 변경 완료",
        description: "가격이 변경되었습니다. 정기 구독 2건에 요금 변경을 안내했습니다.",
      }),
    );
  });

  it("says a decrease applies from the next renewal", async () => {
    server.use(http.get(`${API}/plans`, () => HttpResponse.json([plan("individual", "개인", 9900, 99000)])));
    renderPrices();
    const row = await screen.findByTestId("plan-price-individual");
    fireEvent.change(within(row).getByLabelText("개인 월 가격"), { target: { value: "8900" } });
    fireEvent.click(within(row).getByRole("button", { name: "저장" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("다음 갱신부터 적용됩니다");
    expect(dialog.textContent).toContain("연 99,000원");
  });
});
