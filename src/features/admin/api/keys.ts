export const adminKeys = {
  all: ["admin"] as const,
  users: () => [...adminKeys.all, "users"] as const,
  plans: () => [...adminKeys.all, "plans"] as const,
};
