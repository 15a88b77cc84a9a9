export const adminKeys = {
  all: ["admin"] as const,
  users: () => [...adminKeys.all, "users"] as const,
  /** One page of the member list (under `users()`, so invalidating that refreshes every page). */
  userList: (params: { kind: string; q: string; page: number }) => [...adminKeys.users(), params] as const,
  plans: () => [...adminKeys.all, "plans"] as const,
  payments: (userId: string) => [...adminKeys.all, "payments", userId] as const,
  /** The kept payment records of deleted accounts (탈퇴한 회원). */
  withdrawnPayments: () => [...adminKeys.all, "payments", "withdrawn"] as const,
};
