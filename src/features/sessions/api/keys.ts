export const sessionKeys = {
  all: ["sessions"] as const,
  lists: () => [...sessionKeys.all, "list"] as const,
  details: () => [...sessionKeys.all, "detail"] as const,
  detail: (id: string) => [...sessionKeys.details(), id] as const,
  submissions: (sessionId: string) => [...sessionKeys.detail(sessionId), "submissions"] as const,
  /** Teacher–AI agreement of a session's reviewed answers. */
  agreement: (sessionId: string) => [...sessionKeys.detail(sessionId), "agreement"] as const,
  report: (submissionId: string) => [...sessionKeys.all, "report", submissionId] as const,
  /** Student links of one report (teacher review). */
  shares: (submissionId: string) => [...sessionKeys.report(submissionId), "shares"] as const,
};
