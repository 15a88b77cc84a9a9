import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { blogKeys } from "@/features/blog/api/keys";

export function deletePost(id: string): Promise<unknown> {
  return api.delete(`/blog/posts/${encodeURIComponent(id)}`);
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
