import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import type { BlogPost, BlogPostCreateInput } from "@shared/blog.ts";
import { blogKeys } from "@/features/blog/api/keys";

export function createPost(input: BlogPostCreateInput): Promise<BlogPost> {
  return api.post<BlogPost>("/blog/posts", input);
}

export function useCreatePost() {
  return useInvalidatingMutation(createPost, () => [blogKeys.all]);
}
