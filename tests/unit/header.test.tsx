import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "@shared/types.ts";
import { user } from "../mocks/api.ts";

const state: { user: User | null; usage: { usage: { current: number; limit: number }; plan: { id: string; name: string } } | undefined } = {
  user: null,
  usage: undefined,
};

vi.mock("@/lib/auth", () => ({
  useAuth: () => ({ user: state.user, isLoading: false, logout: vi.fn() }),
}));
vi.mock("@/lib/usage", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/usage")>();
  return { ...actual, useUsageStatus: () => ({ data: state.usage }), useSubscriptionStatus: () => ({ data: undefined }) };
});

const { Header } = await import("@/components/layout/header");
// Transformed up front: the signed-in header is a lazy chunk, and its first import would count against one test's time.
await Promise.all([import("@/components/layout/member-header"), import("@/lib/query-provider")]);

const member = (overrides: Partial<User> = {}): User => user({ displayName: "김선생", ...overrides });

/** Renders the header; a signed-in one is loaded on demand (member-header.tsx), so wait for it. */
async function renderHeader(path = "/") {
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
    </MemoryRouter>,
  );
  if (state.user) await screen.findAllByRole("button", { name: "로그아웃" }, { timeout: 10_000 });
  return view;
}

beforeEach(() => {
  state.user = null;
  state.usage = undefined;
});
afterEach(cleanup);

describe("Header", () => {
  it("shows a visitor the brand, 블로그, 로그인, 무료로 시작 and the theme toggle", async () => {
    await renderHeader("/blog");
    expect(screen.getByText("AI와 함께하는 논술 첨삭의 새로운 경험")).toBeTruthy();
    expect(screen.getByRole("button", { name: "테마 전환" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "블로그" }).getAttribute("href")).toBe("/blog");
    expect(screen.getByRole("link", { name: "로그인" }).getAttribute("href")).toBe("/login");
    expect(screen.getByRole("link", { name: "무료로 시작" }).getAttribute("href")).toBe("/");
    expect(screen.queryByRole("button", { name: "로그아웃" })).toBeNull();
    expect(screen.queryByRole("link", { name: "내 작업" })).toBeNull();
    expect(screen.queryByTestId("usage-badge")).toBeNull();
  });

  it("leaves 무료로 시작 to the landing's own buttons on the landing", async () => {
    await renderHeader("/");
    expect(screen.getByRole("link", { name: "로그인" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "무료로 시작" })).toBeNull();
  });

  it("words the usage badge as a count of this month, the plan in its title, nothing else", async () => {
    state.user = member();
    state.usage = { usage: { current: 3, limit: 500 }, plan: { id: "educator", name: "교육자" } };
    await renderHeader();
    const badge = screen.getByTestId("usage-badge");
    expect(badge.textContent).toBe("교육자·이번 달3/500회");
    expect(badge.parentElement?.getAttribute("title")).toBe("교육자 · 이번 달 3/500회 사용");
  });

  it("words a guest's badge as the free trial's count", async () => {
    state.user = member({ username: "guest_0123456789ab", isGuest: 1, email: null });
    state.usage = { usage: { current: 1, limit: 3 }, plan: { id: "trial", name: "게스트" } };
    await renderHeader();
    expect(screen.getByTestId("usage-badge").textContent).toContain("무료 체험1/3회");
  });

  it("shows the member's display name rather than the username (class-view)", async () => {
    state.user = member();
    await renderHeader();
    expect(screen.getByTestId("user-label").textContent).toBe("김선생");
    expect(screen.queryByText("teacher_kim")).toBeNull();
  });

  it("shows the member's username when there is no display name, links and a neutral usage badge below the limit", async () => {
    state.user = member({ displayName: null });
    state.usage = { usage: { current: 3, limit: 10 }, plan: { id: "trial", name: "체험" } };
    await renderHeader();
    expect(screen.getByText("teacher_kim")).toBeTruthy();
    expect(screen.getByRole("link", { name: "내 작업" }).getAttribute("href")).toBe("/my-work");
    expect(screen.getByRole("link", { name: "구독 플랜" }).getAttribute("href")).toBe("/plans");
    const badge = screen.getByTestId("usage-badge");
    expect(badge.textContent).toContain("3/10회");
    expect(badge.textContent).toContain("체험");
    expect(badge.className).not.toContain("badge-error");
    expect(screen.queryByRole("link", { name: "회원 관리" })).toBeNull();
    expect(screen.queryByRole("link", { name: "블로그 관리" })).toBeNull();
    expect(screen.getByRole("button", { name: "로그아웃" })).toBeTruthy();
  });

  it("relabels the plans link 업그레이드 and turns the badge destructive at the limit", async () => {
    state.user = member();
    state.usage = { usage: { current: 10, limit: 10 }, plan: { id: "trial", name: "체험" } };
    await renderHeader();
    expect(screen.getByRole("link", { name: "업그레이드" }).getAttribute("href")).toBe("/plans");
    expect(screen.queryByRole("link", { name: "구독 플랜" })).toBeNull();
    expect(screen.getByTestId("usage-badge").className).toContain("badge-error");
  });

  it("labels a guest 게스트 사용자", async () => {
    state.user = member({ username: "guest_0123456789ab", isGuest: 1, email: null });
    state.usage = { usage: { current: 1, limit: 3 }, plan: { id: "trial", name: "게스트" } };
    await renderHeader();
    expect(screen.getByText("게스트 사용자")).toBeTruthy();
    expect(screen.queryByText("guest_0123456789ab")).toBeNull();
  });

  it("adds the admin-only links for admins", async () => {
    state.user = member({ isAdmin: 1 });
    state.usage = { usage: { current: 0, limit: 10 }, plan: { id: "trial", name: "체험" } };
    await renderHeader();
    expect(screen.getByRole("link", { name: "블로그 관리" }).getAttribute("href")).toBe("/admin/blog");
    expect(screen.getByRole("link", { name: "회원 관리" }).getAttribute("href")).toBe("/admin/users");
  });
});
