import { Eye, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router-dom";
import { blogCategoryLabel, type BlogPost } from "@shared/blog.ts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { formatKoreanDate } from "@/features/blog/utils/format";

export interface AdminPostListProps {
  posts: BlogPost[] | undefined;
  isPending: boolean;
  error: Error | null;
  editingId: string | null;
  onEdit: (post: BlogPost) => void;
  onDelete: (post: BlogPost) => void;
}

export function AdminPostList({ posts, isPending, error, editingId, onEdit, onDelete }: AdminPostListProps) {
  return (
    <Card>
      <CardBody>
        <CardTitle className="text-lg">작성된 글 {posts ? `(${posts.length})` : ""}</CardTitle>
        {isPending ? (
          <Spinner label="글 목록을 불러오는 중..." />
        ) : error ? (
          <p className="text-error">글 목록을 불러올 수 없습니다. {error.message}</p>
        ) : !posts || posts.length === 0 ? (
          <p className="py-8 text-center text-base-content/70">아직 작성된 블로그 글이 없습니다.</p>
        ) : (
          <ul className="divide-y divide-base-300" data-testid="admin-post-list">
            {posts.map((post) => (
              <li
                key={post.id}
                className={`flex flex-col gap-2 py-4 sm:flex-row sm:items-start ${editingId === post.id ? "bg-primary/5" : ""}`}
                data-testid="admin-post-row"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link to={paths.blogPost.getHref(post.slug)} className="link-hover font-semibold">
                      {post.title}
                    </Link>
                    <Badge size="sm" variant={post.isPublished === 1 ? "success" : "ghost"}>
                      {post.isPublished === 1 ? "공개" : "비공개"}
                    </Badge>
                    <Badge size="sm" variant="outline">
                      {blogCategoryLabel(post.category)}
                    </Badge>
                  </div>
                  <p className="mt-1 line-clamp-2 text-sm text-base-content/70">{post.excerpt}</p>
                  <div className="mt-1 flex flex-wrap gap-3 text-xs text-base-content/70">
                    <span className="inline-flex items-center gap-1">
                      <Eye className="size-3.5" aria-hidden="true" />
                      조회 {post.viewCount}회
                    </span>
                    <span>{formatKoreanDate(post.createdAt) ?? "날짜 없음"}</span>
                  </div>
                </div>
                <div className="flex shrink-0 gap-1.5">
                  <Button size="sm" variant="outline" onClick={() => onEdit(post)}>
                    <Pencil className="size-3.5" aria-hidden="true" />
                    수정
                  </Button>
                  <Button size="sm" variant="ghost" className="text-error" onClick={() => onDelete(post)}>
                    <Trash2 className="size-3.5" aria-hidden="true" />
                    삭제
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
