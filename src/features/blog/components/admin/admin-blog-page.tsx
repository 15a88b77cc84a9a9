import { useState } from "react";
import type { BlogAttachmentJson, BlogPost } from "@shared/blog.ts";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useCreatePost } from "@/features/blog/api/create-post";
import { useDeletePost } from "@/features/blog/api/delete-post";
import { usePosts } from "@/features/blog/api/get-posts";
import { useUpdatePost } from "@/features/blog/api/update-post";
import { AdminPostList } from "@/features/blog/components/admin/admin-post-list";
import { AttachmentsPanel } from "@/features/blog/components/admin/attachments-panel";
import { BlogPostForm, type formValuesToPayload } from "@/features/blog/components/admin/blog-post-form";

type Payload = ReturnType<typeof formValuesToPayload>;

/** 블로그 관리: the post form (create / edit), its attachments and the list of every post. Admins only. */
export function AdminBlogPage() {
  const [editing, setEditing] = useState<BlogPost | null>(null);
  const [tempAttachments, setTempAttachments] = useState<BlogAttachmentJson[]>([]);
  const posts = usePosts({ category: null, all: true });
  const create = useCreatePost();
  const update = useUpdatePost();
  const remove = useDeletePost();

  const onSubmit = async (payload: Payload): Promise<boolean> => {
    if (editing) {
      try {
        await update.mutateAsync({ id: editing.id, data: payload });
        notify({ title: "블로그 글 수정 완료", description: `'${payload.title}' 글이 수정되었습니다.` });
        setEditing(null);
        return true;
      } catch (error) {
        notify({ title: "수정 실패", description: errorMessage(error, "블로그 글 수정 중 오류가 발생했습니다."), variant: "destructive" });
        return false;
      }
    }
    try {
      await create.mutateAsync({ ...payload, attachmentIds: tempAttachments.map((a) => a.id) });
      notify({ title: "블로그 글 작성 완료", description: `'${payload.title}' 글이 작성되었습니다.` });
      setTempAttachments([]);
      return true;
    } catch (error) {
      notify({ title: "작성 실패", description: errorMessage(error, "블로그 글 작성 중 오류가 발생했습니다."), variant: "destructive" });
      return false;
    }
  };

  const onEdit = (post: BlogPost) => {
    setEditing(post);
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  const onDelete = (post: BlogPost) => {
    if (!window.confirm(`'${post.title}' 글을 삭제하시겠습니까? 첨부파일도 함께 삭제됩니다.`)) return;
    remove.mutate(post.id, {
      onSuccess: () => {
        notify({ title: "블로그 글 삭제 완료", description: `'${post.title}' 글이 삭제되었습니다.` });
        if (editing?.id === post.id) setEditing(null);
      },
      onError: (error) =>
        notify({ title: "삭제 실패", description: errorMessage(error, "블로그 글 삭제 중 오류가 발생했습니다."), variant: "destructive" }),
    });
  };

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10">
      <div className="mb-6">
        <h1 className="text-2xl font-bold">블로그 관리</h1>
        <p className="mt-1 text-base-content/70">블로그 글을 작성하고 수정하거나 삭제합니다.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <BlogPostForm
            editing={editing}
            submitting={create.isPending || update.isPending}
            onSubmit={onSubmit}
            onCancel={() => setEditing(null)}
          />
          <AttachmentsPanel postId={editing?.id ?? null} tempAttachments={tempAttachments} onTempAttachmentsChange={setTempAttachments} />
        </div>
        <AdminPostList
          posts={posts.data}
          isPending={posts.isPending}
          error={posts.error}
          editingId={editing?.id ?? null}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      </div>
    </section>
  );
}
