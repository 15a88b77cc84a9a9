// The signed-in user's query key and snapshot, shared by lib/auth.tsx (on every page) and the
// lazily loaded lib/auth-session.ts, so neither imports the other's module for them.
import type { User } from "@shared/types.ts";

export const authKeys = {
  all: ["auth"] as const,
  me: () => [...authKeys.all, "me"] as const,
};

export interface AuthSnapshot {
  user: User | null;
  isLoading: boolean;
}
