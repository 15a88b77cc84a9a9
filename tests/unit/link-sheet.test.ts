// The student link sheet's CSV (이름, 수험번호, 링크, 만료일 in UTF-8 with a BOM) and its QR codes as SVG
// data URLs (decoded back to their links in tests/e2e/class-actions.spec.ts).
import { describe, expect, it } from "vitest";
import { linkSheetCsv, qrDataUrl } from "../../src/features/sessions/utils/link-sheet.ts";

const links = [
  { submissionId: "a", studentName: "김민수", studentId: "20240101", url: "https://x.kr/r/abc", expiresAt: "2026-12-10T15:30:00Z" },
  { submissionId: "b", studentName: '=HYPERLINK("x")', studentId: null, url: "https://x.kr/r/d,e", expiresAt: "2026-12-11T00:00:00Z" },
];

describe("link sheet", () => {
  it("CSV: BOM, Korean headers, Seoul dates, formulas neutralised and commas quoted", () => {
    const csv = linkSheetCsv(links);
    expect(csv.startsWith("\uFEFF이름,수험번호,링크,만료일\r\n")).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[1]).toBe("김민수,20240101,https://x.kr/r/abc,2026. 12. 11.");
    expect(lines[2]).toBe(`"'=HYPERLINK(""x"")",,"https://x.kr/r/d,e",2026. 12. 11.`);
  });

  it("the QR code is an SVG data URL of the link", async () => {
    const url = await qrDataUrl(links[0].url);
    expect(url.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    expect(decodeURIComponent(url.split(",")[1])).toContain("<svg");
  });
});
