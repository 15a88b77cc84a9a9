import { describe, expect, it } from "vitest";
import { generateSlug, slugBase, slugSuffix, SLUG_PATTERN } from "@shared/slug.ts";

/** A deterministic random source cycling through the given values. */
function seq(...values: number[]) {
  let i = 0;
  return () => values[i++ % values.length];
}
const fixed = seq(0); // always index 0 → "aaaaaa"

describe("slug generation (docs/product.md#blog-posts)", () => {
  it("keeps Korean syllables and joins words with one hyphen", () => {
    expect(generateSlug("논술 잘 쓰는 법", fixed)).toBe("논술-잘-쓰는-법-aaaaaa");
  });

  it("lowercases Latin letters and keeps digits", () => {
    expect(generateSlug("Top 10 Essay TIPS 2025", fixed)).toBe("top-10-essay-tips-2025-aaaaaa");
  });

  it("drops symbols and punctuation", () => {
    expect(generateSlug("수능 D-30! 꼭 알아야 할 (5가지) 팁?", fixed)).toBe("수능-d-30-꼭-알아야-할-5가지-팁-aaaaaa");
  });

  it("turns whitespace runs (spaces, tabs, newlines) into one hyphen", () => {
    expect(slugBase("a   b\t\tc \n d")).toBe("a-b-c-d");
  });

  it("collapses repeated hyphens, including ones left by removed symbols", () => {
    expect(slugBase("a -- b---c")).toBe("a-b-c");
    expect(slugBase("x - & - y")).toBe("x-y");
  });

  it("does not start or end with a hyphen", () => {
    expect(slugBase("  -제목-  ")).toBe("제목");
    expect(generateSlug("제목!!! ", fixed)).toBe("제목-aaaaaa");
  });

  it("gives only the suffix for a title made of symbols only", () => {
    const slug = generateSlug("!!! ??? ***", fixed);
    expect(slug).toBe("aaaaaa");
    expect(generateSlug("", fixed)).toMatch(/^[a-z0-9]{6}$/);
  });

  it("appends -[a-z0-9]{6} with the default random source", () => {
    for (let i = 0; i < 50; i++) {
      const slug = generateSlug("에세이 작성 가이드");
      expect(slug).toMatch(/^에세이-작성-가이드-[a-z0-9]{6}$/);
      expect(slug).toMatch(SLUG_PATTERN);
    }
  });

  it("uses the injected random source for every suffix character", () => {
    expect(slugSuffix(seq(0, 0.5, 0.999999, 0.1, 0.72, 0.3))).toBe("as9dzk");
    expect(slugSuffix(() => 0.999999)).toBe("999999");
  });

  it("produces different suffixes across calls", () => {
    const seen = new Set(Array.from({ length: 20 }, () => generateSlug("같은 제목")));
    expect(seen.size).toBeGreaterThan(15);
  });
});
