// The terms' refund formula: price ÷ 30 (÷ 365 yearly) × days remaining − gradings used × (price ÷
// gradings per period), never below 0, rounded down to the won.
import { describe, expect, it } from "vitest";
import { refundFormulaText, suggestedRefund } from "../../supabase/functions/_shared/refund.ts";

describe("suggestedRefund", () => {
  it("is the unused days at the daily price when nothing was used", () => {
    expect(suggestedRefund({ price: 29900, period: "monthly", daysRemaining: 30, gradingsUsed: 0, gradingsPerPeriod: 500 })).toBe(29900);
    // 29,900 ÷ 30 × 20 = 19,933.33… → 19,933
    expect(suggestedRefund({ price: 29900, period: "monthly", daysRemaining: 20, gradingsUsed: 0, gradingsPerPeriod: 500 })).toBe(19933);
  });

  it("takes off the gradings used at the plan's price per grading, rounded down once", () => {
    // 19,933.33… − 3 × 59.8 = 19,753.93… → 19,753
    expect(suggestedRefund({ price: 29900, period: "monthly", daysRemaining: 20, gradingsUsed: 3, gradingsPerPeriod: 500 })).toBe(19753);
  });

  it("divides a yearly price by 365", () => {
    // 99,000 ÷ 365 × 200 = 54,246.57… − 10 × (99,000 ÷ 1,200 = 82.5) = 53,421.57… → 53,421
    expect(suggestedRefund({ price: 99000, period: "yearly", daysRemaining: 200, gradingsUsed: 10, gradingsPerPeriod: 1200 })).toBe(53421);
  });

  it("is never below 0 nor above the price", () => {
    expect(suggestedRefund({ price: 29900, period: "monthly", daysRemaining: 2, gradingsUsed: 400, gradingsPerPeriod: 500 })).toBe(0);
    expect(suggestedRefund({ price: 29900, period: "monthly", daysRemaining: 45, gradingsUsed: 0, gradingsPerPeriod: 500 })).toBe(29900);
    expect(suggestedRefund({ price: 29900, period: "monthly", daysRemaining: -3, gradingsUsed: 0, gradingsPerPeriod: 500 })).toBe(0);
  });

  it("writes the formula out with the numbers", () => {
    expect(refundFormulaText({ price: 29900, period: "monthly", daysRemaining: 20, gradingsUsed: 3, gradingsPerPeriod: 500 })).toBe(
      "29,900원 ÷ 30 × 20일 − 3회 × (29,900원 ÷ 500회) = 19,753원",
    );
  });
});
