// The contrast table of src/components/README.md is what src/index.css's tokens give, and every pair there meets
// WCAG AA (4.5:1 text, 3:1 control edges) in both themes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contrast, contrastMarkdown, contrastRows, over, readThemes } from "../helpers/design-tokens.ts";

const root = join(import.meta.dirname, "../..");
const css = readFileSync(join(root, "src/index.css"), "utf8");
const readme = readFileSync(join(root, "src/components/README.md"), "utf8");
const rows = contrastRows(readThemes(css));

describe("design tokens", () => {
  it("computes WCAG ratios as the specification does", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(over("#000000", 0.5, "#ffffff")).toBe("#808080");
  });

  it("every pair of the design system meets WCAG AA in light and dark", () => {
    const failing = rows
      .filter((r) => r.light < r.min || r.dark < r.min)
      .map((r) => `${r.use}: ${r.light.toFixed(2)} / ${r.dark.toFixed(2)}`);
    expect(failing).toEqual([]);
  });

  it("the README's contrast table is the one index.css gives", () => {
    const block = /<!-- contrast:start -->\n([\s\S]*?)\n?<!-- contrast:end -->/.exec(readme)?.[1]?.trim();
    expect(block, "paste this table between the contrast markers of src/components/README.md").toBe(contrastMarkdown(rows));
  });

  it("meta text lighter than /75 is drawn at 75 % (index.css raises /50–/70)", () => {
    for (const opacity of [50, 60, 70]) {
      const rule = new RegExp(`\\.text-base-content\\\\/${opacity}[^{]*\\{[^}]*var\\(--color-base-content\\) 75%`);
      expect(css, `text-base-content/${opacity}`).toMatch(rule);
    }
  });
});
