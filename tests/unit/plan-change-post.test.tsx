// @vitest-environment jsdom
// A plan change through the SPA (선택 of the free plan, Toss confirmation) is one POST that, once it
// succeeds, refetches usage, subscription and the signed-in user (planChangeKeys).
import { renderHook } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { API, apiError } from "../mocks/api.ts";
import { server } from "../mocks/server.ts";

vi.stubEnv("VITE_API_URL", API);

const { useSelectPlan } = await import("@/features/plans/api/select-plan");
const { useConfirmPayment } = await import("@/features/payments/api/confirm-payment");
const { planChangeKeys } = await import("@/lib/usage");

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated = vi.spyOn(client, "invalidateQueries");
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { invalidated, wrapper };
}

describe("plan change POSTs", () => {
  it("selects the trial plan with the input as body, then refetches what a plan change makes stale", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/subscription/select`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: "체험판이 시작되었습니다.", subscription: {} });
      }),
    );
    const { invalidated, wrapper } = setup();
    const { result } = renderHook(() => useSelectPlan(), { wrapper });
    const out = await result.current.mutateAsync({ planId: "trial" });
    expect(out.message).toBe("체험판이 시작되었습니다.");
    expect(bodies).toEqual([{ planId: "trial" }]);
    expect(invalidated.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([...planChangeKeys()]);
  });

  it("confirms a Toss payment, and refetches nothing when the server refuses", async () => {
    server.use(http.post(`${API}/payments/toss-confirm`, () => apiError(409, "이미 처리된 결제입니다.")));
    const { invalidated, wrapper } = setup();
    const { result } = renderHook(() => useConfirmPayment(), { wrapper });
    await expect(result.current.mutateAsync({ paymentKey: "pk_1", orderId: "ord_1", amount: 9900 })).rejects.toThrow(
      "이미 처리된 결제입니다.",
    );
    expect(invalidated).not.toHaveBeenCalled();
  });
});
