export const myWorkKeys = {
  all: ["my-work"] as const,
  sessions: () => [...myWorkKeys.all, "sessions"] as const,
};
