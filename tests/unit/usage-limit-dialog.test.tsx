// The usage-limit dialog says what the server said (a daily free budget of
// the network or device, in Korean), falling back to the monthly-limit wording.
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { UsageLimitDialog } from "@/features/sessions/components/usage-limit-dialog";
import { usageLimitDataFrom } from "@/features/sessions/utils/session-errors";

afterEach(cleanup);

const NETWORK =
  "이 네트워크에서 오늘 사용할 수 있는 무료 첨삭 횟수를 모두 사용했습니다. 회원가입 후 플랜을 선택하거나 내일 다시 시도해 주세요.";

function show(body: Record<string, unknown>, status = 403) {
  const data = usageLimitDataFrom(new ApiError(String(body.error), status, body));
  render(
    <MemoryRouter>
      <UsageLimitDialog open data={data} onOpenChange={() => {}} />
    </MemoryRouter>,
  );
  return data;
}

describe("usage-limit dialog", () => {
  it("shows the server's message when a daily free budget refused the grading", () => {
    const data = show(
      {
        error: NETWORK,
        usageExceeded: true,
        freeLimitReached: "address",
        usageInfo: { current: 1, limit: 3, remaining: 2, planId: "trial", planName: "게스트", isGuest: true, resetDate: null },
        upgradeOptions: [],
        daysRemaining: 1,
      },
      429,
    );
    expect(data.freeLimitReached).toBe("address");
    expect(screen.getByText(NETWORK)).toBeTruthy();
    expect(screen.getByText("오늘의 무료 사용 한도 초과")).toBeTruthy();
  });

  it("keeps the monthly-limit wording without a server message", () => {
    const data = usageLimitDataFrom({ usageInfo: undefined, upgradeOptions: undefined, daysRemaining: undefined });
    render(
      <MemoryRouter>
        <UsageLimitDialog open data={data} onOpenChange={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/현재 플랜의 월간 분석 한도에 도달했습니다/)).toBeTruthy();
    expect(screen.getByText("사용 한도 초과")).toBeTruthy();
  });

  it("speaks of a guest's 3 free uses (not monthly) and offers 회원가입하고 계속하기", () => {
    show({
      error: "게스트 무료 사용 횟수(3회)를 모두 사용했습니다. 회원가입 후 플랜을 선택해 주세요.",
      usageExceeded: true,
      usageInfo: {
        current: 3,
        limit: 3,
        remaining: 0,
        planId: "trial",
        planName: "체험판",
        isGuest: true,
        resetDate: "2026-12-01T00:00:00+09:00",
      },
      upgradeOptions: [],
      daysRemaining: 9,
    });
    expect(screen.getByText("게스트 무료 3회를 모두 사용했습니다")).toBeTruthy();
    expect(screen.getByRole("button", { name: "회원가입하고 계속하기", hidden: true })).toBeTruthy();
    expect(screen.getByTestId("usage-limit-info").textContent).toContain("총 3회, 매월 채워지지 않음");
    expect(screen.getByTestId("usage-limit-info").textContent).not.toContain("다음 초기화");
    expect(screen.queryByText("체험판")).toBeNull();
  });
});
