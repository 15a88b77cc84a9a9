// The header's usage badge says a renewing subscription renews ("… 자동 갱신") and "이후 체험판" only
// for a paid plan that ends (cancelled, or a 1개월 이용권).
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SubscriptionStatus } from "@shared/types.ts";

const state: { subscription: SubscriptionStatus["subscription"] } = { subscription: null };

vi.mock("@/lib/auth", () => ({ useAuth: () => ({ user: { isGuest: 0 } }) }));
vi.mock("@/lib/usage", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/usage")>();
  return {
    ...actual,
    useUsageStatus: () => ({ data: { usage: { current: 3, limit: 500 }, plan: { id: "educator", name: "교육자" } } }),
    useSubscriptionStatus: () => ({ data: { subscription: state.subscription } }),
  };
});

const { UsageBadge } = await import("@/components/layout/usage-badge");

afterEach(cleanup);

// 2027. 1. 1. in Seoul; a renewing subscription's end_date also holds the 5-day renewal grace
const RENEWS = "2026-12-31T15:00:00.000Z";
const GRACE_END = "2027-01-05T16:00:00.000Z";

function badge(subscription: SubscriptionStatus["subscription"]) {
  state.subscription = subscription;
  render(<UsageBadge />);
  const title = screen.getByTestId("usage-badge").parentElement?.getAttribute("title") ?? "";
  return { title, until: screen.queryByTestId("usage-badge-until")?.textContent ?? null };
}

const active = { status: "active", startDate: "2026-12-01T00:00:00.000Z", scheduledPlan: null };

describe("usage badge", () => {
  it("says a renewing subscription renews on its renewal date, not that the trial follows", () => {
    const { title, until } = badge({ ...active, endDate: GRACE_END, renewsAt: RENEWS, autoRenew: 1 });
    expect(title).toBe("교육자 · 이번 달 3/500회 사용 · 2027. 1. 1. 자동 갱신");
    expect(title).not.toContain("체험판");
    expect(until).toBe("2027. 1. 1. 갱신");
  });

  it("says the trial follows the paid end once renewal is cancelled", () => {
    const { title, until } = badge({ ...active, endDate: RENEWS, renewsAt: RENEWS, autoRenew: 0 });
    expect(title).toBe("교육자 · 이번 달 3/500회 사용 · 2027. 1. 1.까지 이용, 이후 체험판");
    expect(until).toBe("2027. 1. 1.까지");
  });

  it("says nothing of dates on the trial", () => {
    const { title, until } = badge({ ...active, status: "trial", endDate: null, renewsAt: null, autoRenew: 0 });
    expect(title).toBe("교육자 · 이번 달 3/500회 사용");
    expect(until).toBeNull();
  });
});
