import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import type { BlogPost, BlogPostUpdateInput } from "@shared/blog.ts";
import { blogKeys } from "@/features/blog/api/keys";

export function updatePost({ id, data }: { id: string; data: BlogPostUpdateInput }): Promise<BlogPost> {
  return api.put<BlogPost>(`/blog/posts/${encodeURIComponent(id)}`, data);
}

export function useUpdatePost() {
  return useInvalidatingMutation(updatePost, () => [blogKeys.all]);
}
