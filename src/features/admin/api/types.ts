import type { UsageCounter, User } from "@shared/types.ts";

/** GET /admin/users item: the user JSON plus usage (as /usage/status) and this month's graded essays. */
export interface AdminUser extends User {
  usage: UsageCounter;
  essaysThisMonth: number;
}
