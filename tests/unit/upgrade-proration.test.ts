// A plan upgrade mid-period charges (new price − old price) × days left ÷ days in the period,
// rounded down to the won; days left are whole days (rounded down), the period's length the nearest day.
import { describe, expect, it } from "vitest";
import { periodDays, upgradeCharge, upgradeFormulaText } from "../../supabase/functions/_shared/proration.ts";

const DAY = 86_400_000;

describe("upgradeCharge", () => {
  it("charges the difference for the days left", () => {
    expect(upgradeCharge({ oldPrice: 29900, newPrice: 59900, daysLeft: 10, daysInPeriod: 30 })).toBe(10000);
    expect(upgradeCharge({ oldPrice: 29900, newPrice: 59900, daysLeft: 30, daysInPeriod: 30 })).toBe(30000);
  });

  it("rounds down to the won", () => {
    // 20,000 × 7 ÷ 31 = 4,516.1… → 4,516
    expect(upgradeCharge({ oldPrice: 9900, newPrice: 29900, daysLeft: 7, daysInPeriod: 31 })).toBe(4516);
    // 69,100 × 1 ÷ 30 = 2,303.33… → 2,303
    expect(upgradeCharge({ oldPrice: 29900, newPrice: 99000, daysLeft: 1, daysInPeriod: 30 })).toBe(2303);
    // a year: 198,000 × 100 ÷ 365 = 54,246.5… → 54,246
    expect(upgradeCharge({ oldPrice: 99000, newPrice: 297000, daysLeft: 100, daysInPeriod: 365 })).toBe(54246);
  });

  it("is 0 with no days left or a price that is not higher, and never more than the whole difference", () => {
    expect(upgradeCharge({ oldPrice: 29900, newPrice: 59900, daysLeft: 0, daysInPeriod: 30 })).toBe(0);
    expect(upgradeCharge({ oldPrice: 29900, newPrice: 9900, daysLeft: 10, daysInPeriod: 30 })).toBe(0);
    expect(upgradeCharge({ oldPrice: 29900, newPrice: 59900, daysLeft: 40, daysInPeriod: 30 })).toBe(30000);
  });

  it("writes the formula out with the numbers", () => {
    expect(upgradeFormulaText({ oldPrice: 29900, newPrice: 59900, daysLeft: 10, daysInPeriod: 30 })).toBe(
      "(59,900원 − 29,900원) × 10일 ÷ 30일 = 10,000원",
    );
  });
});

describe("periodDays", () => {
  const start = new Date("2026-11-01T00:00:00Z");
  const end = new Date("2026-12-01T00:00:00Z");

  it("counts whole days left, rounding a part day down, and the period's length in days", () => {
    expect(periodDays(start, end, new Date(end.getTime() - 10 * DAY))).toEqual({ daysLeft: 10, daysInPeriod: 30 });
    expect(periodDays(start, end, new Date(end.getTime() - 10 * DAY + 1000))).toEqual({ daysLeft: 9, daysInPeriod: 30 });
  });

  it("clamps to the period", () => {
    expect(periodDays(start, end, new Date(end.getTime() + DAY))).toEqual({ daysLeft: 0, daysInPeriod: 30 });
    expect(periodDays(start, end, new Date(start.getTime() - DAY))).toEqual({ daysLeft: 30, daysInPeriod: 30 });
  });
});
