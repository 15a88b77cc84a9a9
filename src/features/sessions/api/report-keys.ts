export const reportKeys = {
  all: ["report"] as const,
  detail: (submissionId: string) => [...reportKeys.all, submissionId] as const,
};
