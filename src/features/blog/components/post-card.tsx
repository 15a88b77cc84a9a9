import { Eye, UserRound } from "lucide-react";
import { Link } from "react-router-dom";
import { blogCategoryLabel, type BlogPost } from "@shared/blog.ts";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { formatKoreanDate } from "@/features/blog/utils/format";

export function PostCard({ post }: { post: BlogPost }) {
  const date = formatKoreanDate(post.publishedAt ?? post.createdAt);
  return (
    <Card className="overflow-hidden transition-shadow hover:shadow-md" data-testid="blog-card">
      <Link to={paths.blogPost.getHref(post.slug)} className="flex h-full flex-col">
        {post.featuredImage ? (
          <figure className="aspect-video bg-base-200">
            <img src={post.featuredImage} alt="" loading="lazy" className="h-full w-full object-cover" />
          </figure>
        ) : null}
        <div className="card-body gap-3">
          <div>
            <Badge variant="primary" size="sm">
              {blogCategoryLabel(post.category)}
            </Badge>
          </div>
          <h2 className="card-title line-clamp-2 text-lg leading-snug">{post.title}</h2>
          <p className="line-clamp-3 text-sm text-base-content/70">{post.excerpt}</p>
          <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-base-content/60">
            {post.authorName && (
              <span className="inline-flex items-center gap-1">
                <UserRound className="size-3.5" aria-hidden="true" />
                {post.authorName}
              </span>
            )}
            {date && <time dateTime={post.publishedAt ?? post.createdAt}>{date}</time>}
            <span className="inline-flex items-center gap-1">
              <Eye className="size-3.5" aria-hidden="true" />
              <span>조회 {post.viewCount}</span>
            </span>
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
