import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import { blogKeys } from "@/features/blog/api/keys";

export function deletePost(id: string): Promise<unknown> {
  return api.delete(`/blog/posts/${encodeURIComponent(id)}`);
}

export function useDeletePost() {
  return useInvalidatingMutation(deletePost, () => [blogKeys.all]);
}
