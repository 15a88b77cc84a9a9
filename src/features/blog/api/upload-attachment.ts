import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { BlogAttachmentJson } from "@shared/blog.ts";
import { blogKeys } from "@/features/blog/api/keys";

/** `postId` null → POST /blog/temp-attachments (linked later by `attachmentIds` on create). */
export function uploadAttachment({ postId, file }: { postId: string | null; file: File }): Promise<BlogAttachmentJson> {
  const form = new FormData();
  form.append("file", file);
  const path = postId ? `/blog/${encodeURIComponent(postId)}/attachments` : "/blog/temp-attachments";
  return api.post<BlogAttachmentJson>(path, form);
}

export function useUploadAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAttachment,
    onSuccess: (_data, { postId }) => {
      if (postId) return queryClient.invalidateQueries({ queryKey: blogKeys.attachments(postId) });
    },
  });
}
