// @vitest-environment jsdom
// The landing's report preview shows the bundled sample's strength and point to improve, each under
// the report's own heading (green for the strength, amber for the improvement).
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { REPORT_SECTIONS } from "@shared/report.ts";
import { ReportPreview } from "@/features/landing/components/report-preview";
import sample from "@/features/landing/data/sample-report.json";

afterEach(cleanup);

describe("ReportPreview", () => {
  it("lists the strength and the improvement with their headings", () => {
    render(<ReportPreview />);
    const terms = screen.getAllByRole("term");
    expect(terms.map((t) => t.textContent)).toEqual([REPORT_SECTIONS.strengths, REPORT_SECTIONS.improvements]);
    expect(terms.map((t) => t.className)).toEqual(["font-semibold text-success", "font-semibold text-warning"]);
    expect(screen.getAllByRole("definition").map((d) => d.textContent)).toEqual([sample.strength, sample.improvement]);
  });
});
