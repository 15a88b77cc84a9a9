import { api } from "@/lib/api-client";
import { useInvalidatingMutation } from "@/lib/mutation";
import type { BlogAttachmentJson } from "@shared/blog.ts";
import { blogKeys } from "@/features/blog/api/keys";

/** `postId` null → POST /blog/temp-attachments (linked later by `attachmentIds` on create). */
export function uploadAttachment({ postId, file }: { postId: string | null; file: File }): Promise<BlogAttachmentJson> {
  const form = new FormData();
  form.append("file", file);
  const path = postId ? `/blog/${encodeURIComponent(postId)}/attachments` : "/blog/temp-attachments";
  return api.post<BlogAttachmentJson>(path, form);
}

/** A temporary attachment (no post yet) has no list to refresh. */
export function useUploadAttachment() {
  return useInvalidatingMutation(uploadAttachment, ({ postId }) => (postId ? [blogKeys.attachments(postId)] : []));
}
