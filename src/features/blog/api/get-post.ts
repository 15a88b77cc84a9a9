import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { BlogPost } from "@shared/blog.ts";
import { takeEarlyRead } from "@/lib/early-reads";
import { blogKeys } from "@/features/blog/api/keys";
import { firstViewThisSession, postPath } from "@/features/blog/api/early-reads";

/** GET /blog/posts/:slug (or the page's early read of it) — adds `?view=1` once per visitor session so the server counts one view. */
export function getPost(slug: string): Promise<BlogPost> {
  const path = postPath(slug);
  // Started by index.html on a first visit, which has counted the view already.
  const early = takeEarlyRead(path);
  if (early) return api.read<BlogPost>(early);
  const view = firstViewThisSession(slug) ? "?view=1" : "";
  return api.get<BlogPost>(`${path}${view}`);
}

export const postQueryOptions = (slug: string) => queryOptions({ queryKey: blogKeys.post(slug), queryFn: () => getPost(slug) });

export function usePost(slug: string) {
  return useQuery(postQueryOptions(slug));
}
