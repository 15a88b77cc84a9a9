import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { BlogPost, BlogPostCreateInput } from "@shared/blog.ts";
import { blogKeys } from "@/features/blog/api/keys";

export function createPost(input: BlogPostCreateInput): Promise<BlogPost> {
  return api.post<BlogPost>("/blog/posts", input);
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
