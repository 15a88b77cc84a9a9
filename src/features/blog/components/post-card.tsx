import { Eye, UserRound, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { blogCategoryLabel } from "@shared/blog-display.ts";
import type { BlogPost } from "@shared/types.ts";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { formatKoreanDate, postAuthorName } from "@/features/blog/utils/format";

const COVER_TINT: Record<string, string> = {
  "essay-tips": "bg-primary/10 text-primary",
  "admission-info": "bg-secondary/10 text-secondary",
  "platform-guide": "bg-accent/10 text-accent",
  "education-news": "bg-info/10 text-info",
};

/** 원고지 (manuscript paper) squares in the category colour, behind the fallback cover's text. */
const MANUSCRIPT_GRID = {
  backgroundImage:
    "linear-gradient(to right, color-mix(in oklab, currentColor 14%, transparent) 1px, transparent 1px), " +
    "linear-gradient(to bottom, color-mix(in oklab, currentColor 14%, transparent) 1px, transparent 1px)",
  backgroundSize: "22px 22px",
} as const;

/** The cover of a post without a featured image: its category on manuscript paper, in the category colour. */
function FallbackCover({ category, title }: { category: string; title: string }) {
  return (
    <div
      className={cn(
        "relative flex aspect-video flex-col justify-end overflow-hidden p-5",
        COVER_TINT[category] ?? COVER_TINT["essay-tips"],
      )}
      aria-hidden="true"
      data-testid="blog-card-cover"
    >
      <div className="absolute inset-0" style={MANUSCRIPT_GRID} />
      <span className="relative text-5xl leading-none font-extrabold opacity-90">{[...title.trim()][0] ?? "글"}</span>
      <span className="relative mt-2 text-sm font-semibold">{blogCategoryLabel(category)}</span>
    </div>
  );
}

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
        {post.featuredImage ? (
          <figure className="aspect-video bg-base-200">
            <img src={post.featuredImage} alt="" loading="lazy" className="h-full w-full object-cover" />
          </figure>
        ) : (
          <FallbackCover category={post.category} title={post.title} />
        )}
        <div className="card-body flex-1 gap-3">
          <div>
            <Badge variant="primary" size="sm">
              {blogCategoryLabel(post.category)}
            </Badge>
          </div>
          <h2 className="card-title line-clamp-2 text-lg leading-snug">{post.title}</h2>
          <p className="line-clamp-3 text-sm text-base-content/70">{post.excerpt}</p>
          <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-base-content/70">
            <PostMeta icon={UserRound} small testId="post-author">
              {postAuthorName(post.authorName)}
            </PostMeta>
            {date && <time dateTime={post.publishedAt ?? post.createdAt}>{date}</time>}
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
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="card-body gap-3">
        <Skeleton className="h-5 w-20" />
        <Skeleton className="h-6 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </Card>
  );
}
