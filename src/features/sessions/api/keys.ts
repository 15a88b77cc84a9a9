export const workspaceKeys = {
  all: ["workspace"] as const,
  sessions: () => [...workspaceKeys.all, "session"] as const,
  session: (id: string) => [...workspaceKeys.sessions(), id] as const,
};
