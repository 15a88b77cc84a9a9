import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { BlogPost } from "@shared/blog.ts";
import { takeEarlyRead } from "@/lib/early-reads";
import { blogKeys } from "@/features/blog/api/keys";

export interface PostsFilter {
  /** null = every category */
  category: string | null;
  /** Include unpublished posts (admins only; the server ignores it for others). */
  all: boolean;
}

export function getPosts({ category, all }: PostsFilter): Promise<BlogPost[]> {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (all) params.set("all", "1");
  const query = params.toString();
  const early = query ? undefined : takeEarlyRead("/blog/posts");
  if (early) return api.read<BlogPost[]>(early);
  return api.get<BlogPost[]>(`/blog/posts${query ? `?${query}` : ""}`);
}

export const postsQueryOptions = (filter: PostsFilter) =>
  queryOptions({ queryKey: blogKeys.list(filter), queryFn: () => getPosts(filter) });

export function usePosts(filter: PostsFilter, options: { enabled?: boolean } = {}) {
  return useQuery({ ...postsQueryOptions(filter), enabled: options.enabled ?? true });
}
