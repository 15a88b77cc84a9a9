// Won amounts and Seoul calendar days from _shared/format.ts (the SPA and the function use the same code).
import { afterEach, describe, expect, it } from "vitest";
import { expectOutputs } from "../helpers/cases.ts";
import {
  formatScore,
  formatSeoulDate,
  formatWon,
  nextSeoulDayStart,
  scorePercent,
  seoulDate,
  seoulDateTimeStamp,
  seoulYear,
} from "@shared/format.ts";

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe("formatWon", () => {
  it("writes 원 after the thousands-separated amount", () => {
    expectOutputs((n: number) => formatWon(n), {
      "0원": [0],
      "9,900원": [9900],
      "29,900원": [29900],
      "1,234,567원": [1234567],
    });
  });
});

describe("formatScore / scorePercent", () => {
  it("shows whole points, half points with one decimal, and rounds any other fraction (offline measurements)", () => {
    expectOutputs((n: number) => formatScore(n), {
      "80": [80, 80.0000001, 79.9999999],
      "65": [64.7, 65.3],
      "64": [64.2],
      "32.5": [32.5, 32.5000001],
      "7.5": [7.5],
      "0": [0, Number.NaN],
      "100": [100],
    });
  });
  it("writes a whole percent of the maximum, 0 without one", () => {
    expectOutputs(([s, m]: [number, number]) => String(scorePercent(s, m)), {
      "80": [
        [80, 100],
        [32, 40],
      ],
      "65": [[64.7, 100]],
      "0": [[5, 0]],
    });
  });
});

describe("Seoul days", () => {
  it("seoulDate is the Seoul calendar day, moved by whole days", () => {
    expectOutputs(([at, days]: [string, number]) => seoulDate(at, days), {
      "2026-03-02": [
        ["2026-03-01T15:00:00Z", 0],
        ["2026-03-01T23:30:00Z", 0],
        ["2026-03-02T14:59:59Z", 0],
      ],
      "2026-03-01": [
        ["2026-03-01T14:59:59Z", 0],
        ["2026-03-02T14:00:00Z", -1],
      ],
      "2027-01-01": [
        ["2026-12-31T15:00:00Z", 0],
        ["2026-12-30T15:00:00Z", 1],
      ],
      "": [["not a date", 0]],
    });
  });

  it("seoulDateTimeStamp is YYYY-MM-DD HH:mm in Seoul", () => {
    expectOutputs((v: string | null) => seoulDateTimeStamp(v), {
      "2027-01-01 00:00": ["2026-12-31T15:00:00Z"],
      "2026-06-15 12:04": ["2026-06-15T03:04:59Z"],
      "": [null, "", "x"],
    });
  });

  it("nextSeoulDayStart is the next Seoul midnight in UTC", () => {
    expectOutputs((v: string) => nextSeoulDayStart(v), {
      "2026-03-01T15:00:00.000Z": ["2026-03-01T14:59:59Z", "2026-02-28T15:00:00Z"],
      "2026-03-02T15:00:00.000Z": ["2026-03-01T15:00:00Z", "2026-03-02T14:59:59.999Z"],
    });
  });

  it("the same answers whatever the machine's zone", () => {
    for (const tz of ["America/Los_Angeles", "UTC", "Asia/Seoul", "Pacific/Kiritimati"]) {
      process.env.TZ = tz;
      expect(seoulDate("2026-03-01T23:30:00Z"), tz).toBe("2026-03-02");
      expect(seoulYear("2026-12-31T15:30:00.000Z"), tz).toBe(2027);
      expect(formatSeoulDate("2026-03-01T23:30:00Z", "longDate"), tz).toBe("2026년 3월 2일");
      expect(formatSeoulDate("2026-03-02T00:05:00Z", "longDateTimePadded"), tz).toMatch(/^2026년 3월 2일 (오전|AM) 09:05$/);
    }
  });
});
