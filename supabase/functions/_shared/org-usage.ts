// GET /api/orgs/:id/usage (owners and managers): the organisation's dashboard (기관 현황) — this month's pooled
// quota, gradings per teacher and per class, seats, the subscription (the owner's), and teacher–AI agreement
// over the organisation's reviewed answers. Shared by the function and the SPA.
import type { SessionAgreement } from "./agreement.ts";

export interface OrgUsageTeacher {
  userId: string;
  /** Display name, else the username. */
  name: string;
  /** Null for someone no longer a member whose gradings this month still count. */
  role: "owner" | "manager" | "teacher" | null;
  /** Gradings from the pool this month attributed to them. */
  count: number;
  /** Their monthly cap, null for none. */
  cap: number | null;
}

export interface OrgUsageClass {
  classId: string;
  name: string;
  /** Answers of the class's assignments graded from the pool this month (a use still held). */
  count: number;
}

export interface OrgUsage {
  org: { id: string; name: string };
  /** This Asia/Seoul month [start, resetDate). */
  period: { start: string; resetDate: string };
  /** The pool: the owner's plan's monthly gradings, shared with the owner's personal gradings. */
  pool: { used: number; limit: number; remaining: number };
  teachers: OrgUsageTeacher[];
  classes: OrgUsageClass[];
  seats: { used: number; max: number };
  subscription: {
    planId: string;
    planName: string;
    /** trial, active, canceled or expired (the owner's subscription). */
    status: string;
    /** The next renewal of a renewing subscription, else null. */
    renewsAt: string | null;
    /** End of the paid period, null when open ended. */
    endDate: string | null;
  };
  /** Teacher–AI agreement over the organisation's reviewed answers (categories named with their points). */
  agreement: SessionAgreement & { sessions: number; teachers: number };
}
