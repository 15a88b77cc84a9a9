// @vitest-environment jsdom
// A plan card: one badge per state (추천 or 현재 이용 중), the recommended plan's primary button, the
// current plan as a sentence instead of a disabled button, the term of what a payment buys today and
// the limits in the unit the product enforces.
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Plan } from "@shared/types.ts";
import { RECOMMENDED_PLAN_ID } from "@shared/plans.ts";
import { PlanCard } from "@/features/plans/components/plan-card";

afterEach(cleanup);

const educator: Plan = {
  id: "educator",
  name: "교육자",
  description: "여러 학생의 답안을 한 번에 채점하는 교사·강사를 위한 플랜",
  price: 29900,
  currency: "KRW",
  billingPeriod: "monthly",
  maxEssaysPerMonth: 500,
  maxFilesPerUpload: 10,
  maxUsers: 1,
  features: ["우선 지원"],
  isActive: 1,
};
const trial: Plan = { ...educator, id: "trial", name: "체험판", price: 0, maxEssaysPerMonth: 10, maxFilesPerUpload: 1 };

function card(plan: Plan, props: { isCurrent?: boolean; recommended?: boolean } = {}) {
  render(
    <PlanCard
      plan={plan}
      isCurrent={props.isCurrent ?? false}
      recommended={props.recommended ?? false}
      highlighted={false}
      onSelect={() => {}}
    />,
  );
  return screen.getByTestId(`plan-card-${plan.id}`);
}

describe("PlanCard", () => {
  it("recommends the educator plan", () => {
    expect(RECOMMENDED_PLAN_ID).toBe("educator");
  });

  it("marks the recommended plan with 추천 and the primary button", () => {
    const el = card(educator, { recommended: true });
    expect(within(el).getByTestId("plan-badge").textContent).toBe("추천");
    expect(within(el).getByRole("button", { name: "선택하기" }).className).toMatch(/btn-primary/);
  });

  it("gives other plans an outline button and no badge", () => {
    const el = card(educator);
    expect(within(el).queryByTestId("plan-badge")).toBeNull();
    expect(within(el).getByRole("button", { name: "선택하기" }).className).not.toMatch(/btn-primary/);
  });

  it("shows the current plan as a state with one badge, not a disabled button", () => {
    const el = card(educator, { isCurrent: true, recommended: true });
    expect(
      within(el)
        .getAllByTestId("plan-badge")
        .map((b) => b.textContent),
    ).toEqual(["현재 이용 중"]);
    expect(within(el).getByTestId("plan-current").textContent).toContain("이용 중인 플랜입니다");
    expect(within(el).queryByRole("button")).toBeNull();
  });

  it("sells a one-month pass without renewal, and writes limits as answers", () => {
    const el = card(educator);
    expect(within(el).getByTestId("plan-price").textContent).toBe("29,900원");
    expect(within(el).getByTestId("plan-term").textContent).toBe("1개월 이용권 · 자동 갱신 없음");
    expect(el.textContent).not.toMatch(/정기 구독|\/ 월/);
    const limits = within(within(el).getByTestId("plan-limits"))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(limits).toEqual(["월 500회 첨삭", "한 번에 최대 10개 답안"]);
  });

  it("writes the free plan as 무료 with one answer at a time", () => {
    const el = card(trial);
    expect(within(el).getByTestId("plan-price").textContent).toBe("무료");
    expect(within(el).getByTestId("plan-term").textContent).toBe("결제 없이 이용");
    expect(within(el).getByTestId("plan-limits").textContent).toContain("한 번에 답안 1개");
  });
});
