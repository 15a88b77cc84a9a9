import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { BlogPost, BlogPostUpdateInput } from "@shared/blog.ts";
import { blogKeys } from "@/features/blog/api/keys";

export function updatePost({ id, data }: { id: string; data: BlogPostUpdateInput }): Promise<BlogPost> {
  return api.put<BlogPost>(`/blog/posts/${encodeURIComponent(id)}`, data);
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
