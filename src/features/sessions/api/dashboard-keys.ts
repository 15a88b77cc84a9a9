export const dashboardKeys = {
  all: ["dashboard"] as const,
  submissions: (sessionId: string) => [...dashboardKeys.all, "submissions", sessionId] as const,
};
