// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { MarkdownBody } from "@/features/blog/components/markdown-body";

afterEach(cleanup);

function renderBody(content: string) {
  const { container } = render(<MarkdownBody content={content} />);
  return container;
}

/** Nothing in the rendered DOM may carry a script-capable URL or event handler. */
function expectInert(container: HTMLElement) {
  expect(container.querySelector("script, iframe, object, embed, style")).toBeNull();
  for (const el of Array.from(container.querySelectorAll("*"))) {
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.startsWith("on"), `${el.tagName} has ${attr.name}`).toBe(false);
      if (["href", "src", "action", "formaction", "xlink:href"].includes(attr.name)) {
        expect(attr.value, `${el.tagName} ${attr.name}`).toMatch(/^https?:\/\//);
      }
    }
  }
}

describe("MarkdownBody", () => {
  // [what, markdown, the element it must not create, the text shown instead (the markdown itself unless given)]
  it.each([
    ["a javascript: link", "[클릭](javascript:alert(1))", "a"],
    ["a JavaScript: link with mixed case", "[클릭](JavaScript:alert(1))", "a"],
    ["a data: link", "[클릭](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)", "a"],
    ["a vbscript: link", "[클릭](vbscript:msgbox(1))", "a"],
    ["a javascript: image", "![사진](javascript:alert(1))", "img"],
    ["a data: image", "![사진](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)", "img"],
    ["a vbscript: image", "![사진](vbscript:msgbox(1))", "img"],
    ["<script>, never creating a script element", "본문\n\n<script>alert('xss')</script>\n\n끝", "script", "<script>alert('xss')</script>"],
    ["inline <img onerror>", '이미지 <img src=x onerror="alert(1)"> 태그', "img", '<img src=x onerror="alert(1)">'],
    ["<iframe>", '<iframe src="javascript:alert(1)"></iframe>', "iframe", "<iframe"],
  ])("shows %s as plain text", (_label, md, tag, shown = md) => {
    const container = renderBody(md);
    expect(container.querySelector(tag)).toBeNull();
    expect(container.textContent).toContain(shown);
    expectInert(container);
  });

  it("renders http and https links opening in a new tab with noopener noreferrer", () => {
    const container = renderBody("[하나](http://example.com/a) 그리고 [둘](https://example.com/b?x=1)");
    const links = Array.from(container.querySelectorAll("a"));
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["http://example.com/a", "https://example.com/b?x=1"]);
    for (const a of links) {
      expect(a.getAttribute("target")).toBe("_blank");
      expect(a.getAttribute("rel")).toBe("noopener noreferrer");
    }
    expectInert(container);
  });

  it("renders http(s) images", () => {
    const container = renderBody("![표지](https://example.com/cover.png)");
    const img = container.querySelector("img");
    expect(img?.getAttribute("src")).toBe("https://example.com/cover.png");
    expect(img?.getAttribute("alt")).toBe("표지");
  });

  it("treats relative and other-scheme links as text", () => {
    const container = renderBody("[상대](/admin/users) [메일](mailto:a@b.c)");
    expect(container.querySelector("a")).toBeNull();
    expect(container.textContent).toContain("[상대](/admin/users)");
  });

  it("turns single newlines into line breaks", () => {
    const container = renderBody("첫 줄\n둘째 줄\n셋째 줄");
    expect(container.querySelectorAll("p br")).toHaveLength(2);
  });

  it("renders headings, lists and emphasis", () => {
    const container = renderBody("## 소제목\n\n- 하나\n- 둘\n\n**굵게** *기울임*");
    expect(container.querySelector("h2")?.textContent).toBe("소제목");
    expect(container.querySelectorAll("ul li")).toHaveLength(2);
    expect(container.querySelector("strong")?.textContent).toBe("굵게");
    expect(container.querySelector("em")?.textContent).toBe("기울임");
  });
});
