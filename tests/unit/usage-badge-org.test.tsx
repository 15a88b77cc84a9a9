// The header's usage badge in an organisation's space: the organisation's pool ("기관 2712/3000회"), the caller's own
// use and cap beside it and in its title, red when the pool or the caller's cap is spent, and no personal
// subscription dates; the personal space as before.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { UsageStatus } from "@shared/types.ts";

const state: { status: UsageStatus } = { status: { usage: { current: 0, limit: 0 }, plan: { id: "", name: "" } } };

vi.mock("@/lib/auth", () => ({ useAuth: () => ({ user: { isGuest: 0 } }) }));
vi.mock("@/lib/usage", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/usage")>();
  return {
    ...actual,
    useUsageStatus: () => ({ data: state.status }),
    useSubscriptionStatus: () => ({
      data: { subscription: { status: "active", autoRenew: 1, renewsAt: "2026-12-31T15:00:00.000Z", scheduledPlan: null } },
    }),
  };
});

const { UsageBadge } = await import("@/components/layout/usage-badge");

afterEach(cleanup);

function badge(status: UsageStatus) {
  state.status = status;
  render(<UsageBadge />);
  const el = screen.getByTestId("usage-badge");
  return {
    text: el.textContent,
    title: el.parentElement?.getAttribute("title") ?? "",
    atLimit: el.getAttribute("data-at-limit"),
    member: screen.queryByTestId("usage-badge-member")?.textContent ?? null,
    until: screen.queryByTestId("usage-badge-until")?.textContent ?? null,
  };
}

const pool = { usage: { current: 2712, limit: 3000 }, plan: { id: "business", name: "기업" }, orgId: "o1" };

describe("usage badge in an organisation's space", () => {
  it("shows the pool with the caller's own use and cap, without the personal subscription's dates", () => {
    const b = badge({ ...pool, member: { current: 12, cap: 20 } });
    expect(b.text).toContain("기관2712/3000회");
    expect(b.title).toBe("기업 · 기관 이번 달 2712/3000회 사용 · 내 사용 12/20회");
    expect(b.member).toBe("내 사용 12/20회");
    expect(b.until).toBeNull();
    expect(b.atLimit).toBe("false");
  });

  it("is at its limit when the caller's cap is spent, though the pool has room", () => {
    expect(badge({ ...pool, member: { current: 20, cap: 20 } }).atLimit).toBe("true");
  });

  it("names no cap when the caller has none", () => {
    expect(badge({ ...pool, member: { current: 3, cap: null } }).member).toBe("내 사용 3회");
  });

  it("keeps the personal space as it was", () => {
    const b = badge({ usage: { current: 3, limit: 500 }, plan: { id: "educator", name: "교육자" } });
    expect(b.title).toBe("교육자 · 이번 달 3/500회 사용 · 2027. 1. 1. 자동 갱신");
    expect(b.member).toBeNull();
  });
});
