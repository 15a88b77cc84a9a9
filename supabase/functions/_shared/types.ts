// JSON shapes of the API (camelCase; flags are 1 | 0). Timestamps are ISO strings.
import type { CategoryScore, GradeFlag, GraderKind, ReportData, RubricCategory } from "./grading.ts";
import type { PlanId, SubscriptionStatusValue } from "./plans.ts";
import type { RefundBasis } from "./refund.ts";

export type Flag = 0 | 1;

export interface UserSubscription {
  planId: PlanId | string;
  planName: string;
  status: SubscriptionStatusValue | string;
  startDate: string | null;
  endDate: string | null;
  renewsAt: string | null;
}

export interface User {
  id: string;
  username: string;
  email: string | null;
  displayName: string | null;
  isAdmin: Flag;
  isGuest: Flag;
  createdAt: string;
  lastLoginAt: string | null;
  subscription: UserSubscription | null;
}

/** The Supabase session handed to `supabase.auth.setSession`. */
export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: "bearer";
}

export interface AuthResponse {
  user: User;
  session: Session | null;
  message: string;
}

/** POST /account/password: the new password ended every session; `session` is a fresh one (null: sign in again). */
export interface ChangePasswordResponse {
  session: Session | null;
  message: string;
}

export interface Plan {
  id: PlanId | string;
  name: string;
  description: string | null;
  price: number;
  currency: string;
  billingPeriod: "monthly" | "yearly" | string;
  maxEssaysPerMonth: number;
  maxFilesPerUpload: number;
  maxUsers: number;
  features: string[];
  isActive: Flag;
  /** The price of a year (KRW) where the plan offers one; in GET /plans. */
  yearlyPrice?: number | null;
}

export interface UsageCounter {
  current: number;
  limit: number;
}

export interface PlanRef {
  id: PlanId | string;
  name: string;
}

export interface UsageStatus {
  /** In an organisation's space (X-Org-Id): the organisation's pool (the owner's plan); else the caller's own. */
  usage: UsageCounter;
  plan: PlanRef;
  /** In an organisation's space only: the caller's own gradings from the pool this month and their cap (null: none). */
  member?: { current: number; cap: number | null };
  orgId?: string;
}

/** What the plan in force allows at once, read from `subscription_plans` (guests: one file, no batch). */
export interface PlanLimits {
  /** Essay files one upload may carry (`max_files_per_upload`). */
  filesPerUpload: number;
  /** Multi-file and batch grading: members whose plan takes more than one file at once. */
  batch: boolean;
}

export interface SubscriptionStatus {
  plan: PlanRef;
  usage: UsageCounter;
  limits: PlanLimits;
  subscription: {
    status: SubscriptionStatusValue | string;
    startDate: string | null;
    endDate: string | null;
    renewsAt: string | null;
    /** 1 when the plan is charged again on the card at renewsAt (a renewing subscription not cancelled). */
    autoRenew: Flag;
    /** What replaces the plan at endDate: trial (chosen, cancellable) or a prepaid lower plan; null → 체험판 (expired). */
    scheduledPlan?: (PlanRef & { paid: boolean }) | null;
  } | null;
}

export interface AnalysisSession {
  id: string;
  userId: string;
  /** The work item's name chosen by the teacher; null = shown as the prompt file name. */
  title?: string | null;
  /** The rubric the grader uses: the teacher's edited one, else the one read from the criteria. */
  rubric?: RubricCategory[];
  /** True when `rubric` is the teacher's edited rubric (analysis_sessions.rubric). */
  rubricEdited?: boolean;
  promptContent: string;
  criteriaContent: string | null;
  promptFilename: string | null;
  criteriaFilename: string | null;
  promptFilePath: string | null;
  criteriaFilePath: string | null;
  createdAt: string;
  updatedAt: string;
  submissionCount?: number;
  completedCount?: number;
  /** Made from the bundled sample (샘플로 체험하기); its answers hold no use. */
  isSample?: boolean;
  /** The class (반) this assignment belongs to; null when none. */
  classId?: string | null;
}

export type SubmissionStatus = "pending" | "analyzing" | "completed" | "error";

export type { CategoryScore };

export interface Submission {
  id: string;
  sessionId: string;
  userId: string;
  studentName: string;
  studentId: string;
  essayContent: string | null;
  essayFilePath: string | null;
  essayFilename: string | null;
  status: SubmissionStatus;
  progress: number;
  progressMessage: string;
  submittedAt: string;
  analysisStartedAt: string | null;
  analysisCompletedAt: string | null;
  /** List extras (docs/product.md#submission-list-item). */
  score?: number | null;
  submitTime?: string;
  essay?: string;
  result?: SubmissionResultSummary | null;
  /** Queued or being graded again after a re-grade; the previous result stays readable meanwhile. */
  regrading?: boolean;
  /** The roster student this answer is linked to (null: not linked; the teacher chooses). */
  rosterStudentId?: string | null;
  rosterStudentName?: string | null;
}

/** A completed answer's scores in the list: reviewed ones when the teacher saved a review. */
export interface SubmissionResultSummary {
  overallScore: number;
  maxScore: number;
  grader?: GraderKind;
  /** Per rubric category, in the result's order (no feedback text; the report has it). */
  categoryScores?: Pick<CategoryScore, "name" | "score" | "maxScore">[];
  /** What the server flagged (off-topic, too short, manipulation…). */
  flags?: GradeFlag[];
  /** 확인 필요: why the teacher must check this result (e.g. a rubric category the model left unscored); null when nothing. */
  needsReviewReason?: string | null;
  /** The rubric this result was graded under (analysis_results.rubric; see _shared/rubric-scale.ts). */
  rubric?: RubricCategory[];
}

/** Report data per submission (docs/product.md#report-data): see `ReportData` in grading.ts. */
export type Report = ReportData;

/** A plan the user could move up to, as sent with `usageExceeded` errors. */
export interface UpgradeOption {
  id: string;
  name: string;
  maxEssaysPerMonth: number;
  features: string[];
  price: number;
}

export interface UsageExceededBody {
  error: string;
  usageExceeded: true;
  usageInfo?: unknown;
  upgradeOptions?: unknown[];
  daysRemaining?: number;
}

export interface ApiErrorBody {
  error: string;
  [flag: string]: unknown;
}

export interface PaymentIntent {
  intentId: string;
  amount: number;
  /** What the payment will do (see the payments README): new month, extension, scheduled lower plan, upgrade now. */
  effect?: { kind: "new" | "extend" | "scheduled" | "upgrade"; startsAt: string | null };
}

/** `GET /api/payments/config`: which Toss keys the widget uses and whether payments are open. */
export interface PaymentsConfig {
  mode: "test" | "live";
  /** False when the keys do not match the mode: orders are refused. */
  available: boolean;
  clientKey: string | null;
}

/** One row of 결제 내역 (GET /api/payments/history, GET /api/payments/orders/:id). */
export interface PaymentRecord {
  orderId: string;
  orderName: string;
  planId: string;
  planName: string;
  amount: number;
  currency: string;
  status: "pending" | "done" | "failed" | "canceled" | "refunded" | "partially_refunded";
  method: string | null;
  createdAt: string;
  approvedAt: string | null;
  /** The month this payment bought. */
  periodStart: string | null;
  periodEnd: string | null;
  receiptUrl: string | null;
  refundedAmount: number;
  refundedAt: string | null;
  refundReason: string | null;
  /** Admin list only: the figures of the terms' refund formula (paid, with a period); see _shared/refund.ts. */
  refundBasis?: RefundBasis | null;
}

export interface PaymentConfirmation {
  orderId: string;
  orderName: string;
  method: string | null;
  totalAmount: number;
}

export type BlogCategory = "essay-tips" | "admission-info" | "platform-guide" | "education-news";

export interface BlogPost {
  id: string;
  authorId: string | null;
  authorName?: string | null;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: BlogCategory;
  tags: string[];
  featuredImage: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  isPublished: Flag;
  publishedAt: string | null;
  viewCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface BlogAttachment {
  id: string;
  filename: string;
  fileType: "image" | "document";
  fileSize: number;
  url: string;
}

/** `GET /api/config`: what this server does, so the SPA can adapt. */
export interface ServerConfig {
  /** The server reads photographed/scanned files (vision model). When false the browser reads them. */
  serverOcr: boolean;
}

/** GET /admin/users item: the user JSON plus usage (as /usage/status) and this month's graded essays. */
export interface AdminUser extends User {
  /** Same rule as GET /usage/status: guests count guest uses of 3; members this month's essays of their plan's limit. */
  usage: UsageCounter;
  /** Essays counted in this Asia/Seoul month's usage row (0 when none). */
  essaysThisMonth: number;
  /** The member's organisation (기관) with their role, its seats and plan; null without one. */
  org?: AdminUserOrg | null;
}

export interface AdminUserOrg {
  id: string;
  name: string;
  role: "owner" | "manager" | "teacher";
  seatsUsed: number;
  seatsMax: number;
  planName: string;
}

/** GET /admin/users: one page of the accounts the filter and search match, and the service's counts. */
export interface AdminUserList {
  /** One page of the accounts the filter and search match, newest first. */
  users: AdminUser[];
  /** How many accounts the filter and search match (every page). */
  total: number;
  page: number;
  pageSize: number;
  /** Whole-service counts, whatever the filter: members (admins included), guests, members on a paid plan in force. */
  counts: { members: number; guests: number; paid: number };
}

// Classes (반) and students (/api/classes*, /api/students*): ClassSummary, ClassDetail, RosterStudent,
// ClassAssignment, ClassInput, RosterImport*, StudentAnswersChoice — written in class-types.ts.
export type * from "./class-types.ts";
