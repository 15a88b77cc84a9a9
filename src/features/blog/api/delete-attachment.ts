import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import { blogKeys } from "@/features/blog/api/keys";

export function deleteAttachment({ id }: { id: string; postId: string | null }): Promise<unknown> {
  return api.delete(`/blog/attachments/${encodeURIComponent(id)}`);
}

/** A temporary attachment (no post yet) has no list to refresh. */
export function useDeleteAttachment() {
  return useInvalidatingMutation(deleteAttachment, ({ postId }) => (postId ? [blogKeys.attachments(postId)] : []));
}
