import { describe, expect, it } from "vitest";
import { BLOG_FALLBACK_AUTHOR, postAuthorName } from "@/features/blog/utils/format";

describe("postAuthorName", () => {
  it("shows the editorial team for posts without an author", () => {
    expect(BLOG_FALLBACK_AUTHOR).toBe("AI 논술 첨삭 편집팀");
    expect(postAuthorName(null)).toBe(BLOG_FALLBACK_AUTHOR);
    expect(postAuthorName(undefined)).toBe(BLOG_FALLBACK_AUTHOR);
    expect(postAuthorName("  ")).toBe(BLOG_FALLBACK_AUTHOR);
  });

  it("keeps a real author's name", () => {
    expect(postAuthorName("김하늘")).toBe("김하늘");
  });
});
