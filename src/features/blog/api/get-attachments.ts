import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { BlogAttachmentJson } from "@shared/blog.ts";
import { blogKeys } from "@/features/blog/api/keys";

export function getAttachments(postId: string): Promise<BlogAttachmentJson[]> {
  return api.get<BlogAttachmentJson[]>(`/blog/${encodeURIComponent(postId)}/attachments`);
}

export const attachmentsQueryOptions = (postId: string) =>
  queryOptions({ queryKey: blogKeys.attachments(postId), queryFn: () => getAttachments(postId) });

/** `lenient`: a failure reads as an empty list (the public post page, docs/product.md#requests). */
export function useAttachments(postId: string | undefined, { lenient = false } = {}) {
  return useQuery({
    queryKey: blogKeys.attachments(postId ?? ""),
    queryFn: async () => {
      try {
        return await getAttachments(postId!);
      } catch (error) {
        if (lenient) return [];
        throw error;
      }
    },
    enabled: Boolean(postId),
  });
}
