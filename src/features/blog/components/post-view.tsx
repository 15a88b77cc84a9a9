import { ArrowLeft, Calendar, Eye, House, UserRound } from "lucide-react";
import { blogCategoryLabel } from "@shared/blog-display.ts";
import { ApiError } from "@/lib/api-client";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { IconLink } from "@/components/ui/icon-link";
import { PageMeta } from "@/components/layout/page-meta";
import { paths } from "@/config/paths";
import { useAttachments } from "@/features/blog/api/get-attachments";
import { usePost } from "@/features/blog/api/get-post";
import { AttachmentList } from "@/features/blog/components/attachment-list";
import { MarkdownBody } from "@/features/blog/components/markdown-body";
import { PostMeta } from "@/features/blog/components/post-card";
import { AdSlot } from "@/features/blog/components/ad-slot";
import { TryProductCta } from "@/features/blog/components/try-product-cta";
import { formatKoreanLongDate, postAuthorName } from "@/features/blog/utils/format";

function NavButtons() {
  return (
    <div className="mb-6 flex flex-wrap gap-2">
      <IconLink to={paths.blog.getHref()} icon={ArrowLeft}>
        목록으로
      </IconLink>
      <IconLink to={paths.home.getHref()} icon={House}>
        홈으로
      </IconLink>
    </div>
  );
}

export function PostView({ slug }: { slug: string }) {
  const post = usePost(slug);
  const attachments = useAttachments(post.data?.id, { lenient: true });

  if (post.isPending) return <PageSpinner />;

  if (post.isError) {
    const notFound = post.error instanceof ApiError && post.error.status === 404;
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-10">
        <Card>
          <CardBody className="items-center py-12 text-center">
            <p className="text-lg font-semibold" role="alert">
              {notFound ? "게시글을 찾을 수 없습니다." : "게시글을 불러올 수 없습니다."}
            </p>
            <IconLink to={paths.blog.getHref()} icon={ArrowLeft} variant="outline">
              목록으로 돌아가기
            </IconLink>
          </CardBody>
        </Card>
      </section>
    );
  }

  const p = post.data;
  const date = formatKoreanLongDate(p.publishedAt ?? p.createdAt);
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10">
      <PageMeta title={p.metaTitle || p.title} description={p.metaDescription || p.excerpt} image={p.featuredImage} type="article" />
      <NavButtons />
      {p.featuredImage && (
        <img
          src={p.featuredImage}
          alt=""
          width={1280}
          height={720}
          fetchPriority="high"
          className="mb-8 aspect-video h-auto w-full rounded-box object-cover"
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="primary">{blogCategoryLabel(p.category)}</Badge>
        {p.isPublished === 0 && <Badge variant="warning">비공개</Badge>}
        {p.tags.map((tag) => (
          <span key={tag} className="text-sm text-primary">
            #{tag}
          </span>
        ))}
      </div>
      <h1 className="mt-4 text-3xl leading-tight font-bold sm:text-4xl">{p.title}</h1>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-base-content/75">
        <PostMeta icon={UserRound} testId="post-author">
          {postAuthorName(p.authorName)}
        </PostMeta>
        {date && (
          <PostMeta icon={Calendar}>
            <time dateTime={p.publishedAt ?? p.createdAt}>{date}</time>
          </PostMeta>
        )}
        <PostMeta icon={Eye} testId="view-count">
          {p.viewCount}회
        </PostMeta>
      </div>
      {p.excerpt && <p className="mt-6 border-l-4 border-primary/40 pl-4 text-lg text-base-content/80">{p.excerpt}</p>}
      <MarkdownBody content={p.content} className="mt-8 break-words" />
      <AttachmentList attachments={attachments.data ?? []} />
      <TryProductCta />
      <AdSlot />
    </article>
  );
}
