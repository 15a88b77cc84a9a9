import { afterEach, describe, expect, it } from "vitest";
import { formatSeoulDate, formatSeoulDateOr, seoulYear } from "@shared/format.ts";
import { formatReportDate } from "@/lib/report-format";
import { formatKoreanDate, formatKoreanLongDate } from "@/features/blog/utils/format";
import { formatKoreanLongDate as usageResetDate } from "@/features/sessions/utils/usage-limit";

// 2026-03-01 23:30 in UTC is already 2 March 08:30 in Seoul.
const LATE_UTC = "2026-03-01T23:30:00.000Z";
const originalTz = process.env.TZ;

afterEach(() => {
  process.env.TZ = originalTz;
});

describe("formatSeoulDate", () => {
  it("formats each style in Asia/Seoul", () => {
    expect(formatSeoulDate(LATE_UTC, "date")).toBe("2026. 3. 2.");
    expect(formatSeoulDate(LATE_UTC, "longDate")).toBe("2026년 3월 2일");
    expect(formatSeoulDate(LATE_UTC, "dateTime")).toMatch(/^2026\. 3\. 2\. (오전|AM) 8:30$/);
    expect(formatSeoulDate(LATE_UTC, "longDateTime")).toMatch(/^2026년 3월 2일 (오전|AM) 8:30$/);
    expect(formatSeoulDate(new Date(LATE_UTC))).toBe("2026. 3. 2.");
  });

  it("gives the Seoul calendar day whatever the machine's zone", () => {
    for (const tz of ["America/Los_Angeles", "UTC", "Asia/Seoul"]) {
      process.env.TZ = tz;
      expect(formatSeoulDate(LATE_UTC, "longDate")).toBe("2026년 3월 2일");
      expect(formatReportDate(LATE_UTC)).toMatch(/^2026년 3월 2일 (오전|AM) 8:30$/);
    }
  });

  it("returns null, or the fallback, for a missing or invalid value", () => {
    for (const v of [null, undefined, "", "not a date"]) expect(formatSeoulDate(v)).toBeNull();
    expect(formatSeoulDateOr("nope", "date", "-")).toBe("-");
    expect(formatReportDate(null)).toBe("-");
  });

  it("reads the year in Seoul", () => {
    expect(seoulYear("2026-12-31T15:30:00.000Z")).toBe(2027);
    expect(seoulYear("x")).toBeNull();
  });
});

describe("feature date helpers use the Seoul formatter", () => {
  it("blog dates and the usage reset date", () => {
    expect(formatKoreanDate(LATE_UTC)).toBe("2026. 3. 2.");
    expect(formatKoreanLongDate(LATE_UTC)).toBe("2026년 3월 2일");
    expect(formatKoreanDate(null)).toBeNull();
    expect(usageResetDate("2026-04-01")).toBe("2026년 4월 1일");
  });
});
