export const blogKeys = {
  all: ["blog"] as const,
  lists: () => [...blogKeys.all, "list"] as const,
  list: (filter: { category: string | null; all: boolean }) => [...blogKeys.lists(), filter] as const,
  posts: () => [...blogKeys.all, "post"] as const,
  post: (slug: string) => [...blogKeys.posts(), slug] as const,
  attachments: (postId: string) => [...blogKeys.all, "attachments", postId] as const,
};
