import { Eye, UserRound, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { blogCategoryLabel } from "@shared/blog-display.ts";
import type { BlogPost } from "@shared/types.ts";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { formatKoreanDate, postAuthorName } from "@/features/blog/utils/format";

/** One fact of a post's byline (author, date, views) with its icon; `small` in the cards. */
export function PostMeta({
  icon: Icon,
  small,
  testId,
  children,
}: {
  icon: LucideIcon;
  small?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <span className="inline-flex items-center gap-1" data-testid={testId}>
      <Icon className={small ? "size-3.5" : "size-4"} aria-hidden="true" />
      {children}
    </span>
  );
}

export function PostCard({ post }: { post: BlogPost }) {
  const date = formatKoreanDate(post.publishedAt ?? post.createdAt);
  return (
    <Card className="h-full overflow-hidden transition hover:-translate-y-0.5 hover:shadow-md" data-testid="blog-card">
      <Link
        to={paths.blogPost.getHref(post.slug)}
        className="flex h-full flex-col focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
      >
        {post.featuredImage && (
          <figure className="aspect-video bg-base-200">
            <img src={post.featuredImage} alt="" loading="lazy" className="h-full w-full object-cover" />
          </figure>
        )}
        <div className="card-body flex-1 gap-3">
          <div className="flex items-center justify-between gap-2 text-xs tabular-nums" data-testid="blog-card-header">
            <span className="font-semibold text-primary" data-testid="blog-card-category">
              {blogCategoryLabel(post.category)}
            </span>
            {date && (
              <time className="text-base-content/75" dateTime={post.publishedAt ?? post.createdAt}>
                {date}
              </time>
            )}
          </div>
          <h2 className="line-clamp-2 text-lg leading-snug font-semibold">{post.title}</h2>
          <p className="line-clamp-3 text-sm text-base-content/75">{post.excerpt}</p>
          <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-base-content/75">
            <PostMeta icon={UserRound} small testId="post-author">
              {postAuthorName(post.authorName)}
            </PostMeta>
            <PostMeta icon={Eye} small>
              <span>조회 {post.viewCount}</span>
            </PostMeta>
          </div>
          {post.tags.length > 0 && (
            <div className="flex flex-wrap gap-1.5 text-xs text-primary">
              {post.tags.map((tag) => (
                <span key={tag}>#{tag}</span>
              ))}
            </div>
          )}
        </div>
      </Link>
    </Card>
  );
}

export function PostCardSkeleton() {
  return (
    <Card className="overflow-hidden" data-testid="blog-card-skeleton">
      <div className="card-body gap-3">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-6 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </Card>
  );
}
