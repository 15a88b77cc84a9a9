// @vitest-environment jsdom
// The public blog: a card without a cover image has a plain category · date line (no giant initial
// letter as placeholder art) and names its category once; a post ends with an invitation to try the
// product that leads to the workspace (signed out, the landing's guest start).
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BlogPost } from "@shared/types.ts";

const post: BlogPost = {
  id: "p1",
  authorId: null,
  authorName: null,
  title: "서론·본론·결론, 흔들리지 않는 글의 뼈대 세우기",
  slug: "essay-structure-basics",
  excerpt: "좋은 글은 구조에서 먼저 결정됩니다.",
  content: "## 왜 구조가 먼저일까요?\n\n본문입니다.",
  category: "essay-tips",
  tags: ["구조"],
  featuredImage: null,
  metaTitle: null,
  metaDescription: null,
  isPublished: 1,
  publishedAt: "2026-11-20T01:00:00Z",
  viewCount: 12,
  createdAt: "2026-11-20T01:00:00Z",
  updatedAt: "2026-11-20T01:00:00Z",
};

vi.mock("@/features/blog/api/get-post", () => ({ usePost: () => ({ isPending: false, isError: false, data: post }) }));
vi.mock("@/features/blog/api/get-attachments", () => ({ useAttachments: () => ({ data: [] }) }));

const { PostCard } = await import("@/features/blog/components/post-card");
const { PostView } = await import("@/features/blog/components/post-view");
const { blogCategoryLabel } = await import("@shared/blog-display.ts");

afterEach(cleanup);

describe("blog card", () => {
  it("has a category · date header instead of a giant letter, and the category once", () => {
    render(
      <MemoryRouter>
        <PostCard post={post} />
      </MemoryRouter>,
    );
    const card = screen.getByTestId("blog-card");
    expect(within(card).queryByTestId("blog-card-cover")).toBeNull();
    expect(card.querySelector("img")).toBeNull();
    const label = blogCategoryLabel(post.category);
    expect(within(card).getAllByText(label)).toHaveLength(1);
    expect(within(card).getByTestId("blog-card-header").textContent).toBe(`${label}2026. 11. 20.`);
    // no lone first letter of the title anywhere in the card
    const texts = [...card.querySelectorAll("span, div")].map((el) => el.childNodes.length === 1 && el.textContent?.trim());
    expect(texts).not.toContain("서");
  });

  it("shows a post's cover image when it has one", () => {
    render(
      <MemoryRouter>
        <PostCard post={{ ...post, featuredImage: "https://example.com/cover.png" }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("blog-card").querySelector("img")?.getAttribute("src")).toBe("https://example.com/cover.png");
  });
});

describe("blog post", () => {
  it("ends with an invitation to try the product, linking to the workspace", () => {
    render(
      <MemoryRouter>
        <PostView slug={post.slug} />
      </MemoryRouter>,
    );
    const cta = screen.getByTestId("post-cta");
    const link = within(cta).getByRole("link", { name: "내 학생 답안으로 무료 첨삭 체험하기" });
    expect(link.getAttribute("href")).toBe("/");
    // after the body
    const body = screen.getByText("본문입니다.");
    expect(body.compareDocumentPosition(cta) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
