import { House } from "lucide-react";
import { useState } from "react";
import type { BlogCategory } from "@shared/blog.ts";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/section";
import { IconLink } from "@/components/ui/icon-link";
import { PageMeta } from "@/components/layout/page-meta";
import { paths } from "@/config/paths";
import { usePosts } from "@/features/blog/api/get-posts";
import { CategoryFilter } from "@/features/blog/components/category-filter";
import { PostCard, PostCardSkeleton } from "@/features/blog/components/post-card";

export const BLOG_TITLE = "AI 논술 블로그";
export const BLOG_SUBTITLE = "논술 작성 팁, 입시 정보, 교육 뉴스를 만나보세요";

export function BlogListPage() {
  const [category, setCategory] = useState<BlogCategory | null>(null);
  const posts = usePosts({ category, all: false });

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <PageMeta title={`${BLOG_TITLE} - 논술 팁·입시 정보·교육 뉴스`} description={BLOG_SUBTITLE} />
      <div className="mb-8 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{BLOG_TITLE}</h1>
          <p className="mt-1 text-sm text-base-content/75">{BLOG_SUBTITLE}</p>
        </div>
        <IconLink to={paths.home.getHref()} icon={House} variant="outline">
          홈으로
        </IconLink>
      </div>

      <CategoryFilter value={category} onChange={setCategory} />

      <div className="mt-8">
        {posts.isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <PostCardSkeleton key={i} />
            ))}
          </div>
        ) : posts.isError ? (
          <EmptyState
            title="게시글 목록을 불러올 수 없습니다."
            action={
              <button type="button" className={buttonClass({ variant: "outline", size: "sm" })} onClick={() => posts.refetch()}>
                다시 시도
              </button>
            }
          >
            {posts.error.message}
          </EmptyState>
        ) : posts.data.length === 0 ? (
          <EmptyState title={category ? "해당 카테고리에 게시글이 없습니다." : "아직 게시글이 없습니다."} />
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.data.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
