export const adminKeys = {
  all: ["admin"] as const,
  users: () => [...adminKeys.all, "users"] as const,
  plans: () => [...adminKeys.all, "plans"] as const,
  payments: (userId: string) => [...adminKeys.all, "payments", userId] as const,
};
