// @vitest-environment jsdom
// The blog's own Markdown renderer (src/features/blog/lib/markdown.tsx): the blocks and inlines the
// posts use, and hostile input that must stay text and cost bounded work.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { MarkdownBody } from "@/features/blog/components/markdown-body";

afterEach(cleanup);

const html = (md: string) => render(<MarkdownBody content={md} />).container.querySelector("[data-testid=markdown-body]")!;

describe("blog Markdown renderer", () => {
  it("renders blockquotes, fenced code (as text, no markup inside), rules and setext headings", () => {
    const c = html("> 인용 **굵게**\n> 둘째 줄\n\n```\n<b>코드</b>\n**별**\n```\n\n---\n\n제목\n===");
    expect(c.querySelector("blockquote strong")?.textContent).toBe("굵게");
    expect(c.querySelectorAll("blockquote br")).toHaveLength(1);
    expect(c.querySelector("pre code")?.textContent).toBe("<b>코드</b>\n**별**");
    expect(c.querySelector("pre b, pre strong")).toBeNull();
    expect(c.querySelector("hr")).not.toBeNull();
    expect(c.querySelector("h1")?.textContent).toBe("제목");
  });

  it("renders ordered lists with their start, nested lists, and code spans", () => {
    const c = html("3. 셋\n4. 넷\n   - 안쪽 `a*b*c`\n\n끝");
    const ol = c.querySelector("ol");
    expect(ol?.getAttribute("start")).toBe("3");
    expect(ol?.querySelectorAll(":scope > li")).toHaveLength(2);
    expect(c.querySelector("ol li ul li code")?.textContent).toBe("a*b*c");
    expect(c.querySelector("ol li ul li em")).toBeNull();
    expect(c.querySelector("p")?.textContent).toBe("끝");
  });

  it("links <https://…> autolinks, keeps other autolinks as text, resolves escapes and entities", () => {
    const c = html('<https://example.com/x> <mailto:a@b.c> \\*별\\* &lt;b&gt; [링크 \\[1\\]](https://example.com/a_(b) "제목")');
    const links = Array.from(c.querySelectorAll("a"));
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://example.com/x", "https://example.com/a_(b)"]);
    expect(links[1].textContent).toBe("링크 [1]");
    expect(links[1].getAttribute("title")).toBe("제목");
    expect(c.textContent).toContain("<mailto:a@b.c> *별* <b>");
    expect(c.querySelector("em, b")).toBeNull();
  });

  it("refuses a javascript: URL hidden behind entities or escapes", () => {
    const c = html("[a](java&#115;cript:alert(1)) [b](<javascript:alert(1)>) ![c](jav\\ascript:x) [d](&#x6A;avascript:1)");
    expect(c.querySelector("a, img")).toBeNull();
  });

  it("keeps hostile input as text with bounded work (deep nesting, unclosed brackets and delimiters)", () => {
    const n = 5_000;
    const inputs = [
      "[".repeat(n),
      "[a](".repeat(n),
      "*a ".repeat(n),
      "<".repeat(n),
      "x" + "` ``".repeat(n),
      "> ".repeat(n) + "x",
      "- ".repeat(n) + "x",
      "_a".repeat(n),
    ];
    for (const md of inputs) {
      const c = html(md);
      expect(c.querySelector("a, img, script")).toBeNull();
      expect(c.textContent!.length, md.slice(0, 12)).toBeGreaterThan(0);
      cleanup();
    }
  });
});
