import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { blogKeys } from "@/features/blog/api/keys";

export function deleteAttachment({ id }: { id: string; postId: string | null }): Promise<unknown> {
  return api.delete(`/blog/attachments/${encodeURIComponent(id)}`);
}

export function useDeleteAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttachment,
    onSuccess: (_data, { postId }) => {
      if (postId) return queryClient.invalidateQueries({ queryKey: blogKeys.attachments(postId) });
    },
  });
}
