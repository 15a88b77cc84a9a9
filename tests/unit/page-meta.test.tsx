// Page metadata in JSX (React 19 hoists <title>/<meta> into <head>): a page's title is the document's
// while it is mounted and index.html's default after; every tag exists once, and leaves with the page.
import { render } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { PageMeta } from "@/components/layout/page-meta";

const metas = (selector: string) => [...document.head.querySelectorAll<HTMLMetaElement>(selector)].map((m) => m.content);

beforeEach(() => {
  document.head.innerHTML = '<title>AI 논술 첨삭 - 기본</title><meta property="og:locale" content="ko_KR">';
});

describe("PageMeta", () => {
  it("sets the title and one of each tag while mounted, and leaves the default after", () => {
    const page = render(<PageMeta title="글 제목 | SEO" description="요약" image="https://example.com/a.png" type="article" />);
    expect(document.title).toBe("글 제목 | SEO");
    const expected: [string, string[]][] = [
      ['meta[name="description"]', ["요약"]],
      ['meta[property="og:title"]', ["글 제목 | SEO"]],
      ['meta[property="og:description"]', ["요약"]],
      ['meta[property="og:type"]', ["article"]],
      ['meta[property="og:image"]', ["https://example.com/a.png"]],
      ['meta[name="twitter:title"]', ["글 제목 | SEO"]],
      ['meta[name="twitter:description"]', ["요약"]],
      ['meta[property="og:locale"]', ["ko_KR"]],
    ];
    for (const [selector, contents] of expected) expect(metas(selector), selector).toEqual(contents);

    page.unmount();
    expect(document.title).toBe("AI 논술 첨삭 - 기본");
    expect(metas('meta[name="description"], meta[property^="og:"], meta[name^="twitter:"]')).toEqual(["ko_KR"]);
  });

  it("leaves out what a page does not have", () => {
    render(<PageMeta shareTitle="AI 논술 첨삭" description="설명" />);
    expect(document.title).toBe("AI 논술 첨삭 - 기본");
    expect(metas('meta[property="og:title"]')).toEqual(["AI 논술 첨삭"]);
    expect(metas('meta[property="og:image"]')).toEqual([]);
  });
});
