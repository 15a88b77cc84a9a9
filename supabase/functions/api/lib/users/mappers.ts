// Account rows → API JSON (users with their subscription, plans).
import type { Plan, User } from "../../../_shared/types.ts";
import { iso } from "../http.ts";

const flag = (v: unknown): 0 | 1 => (v === true || v === 1 || v === "t" ? 1 : 0);

/** The row shape selected by `selectUsers` (profiles ⟕ subscriptions ⟕ subscription_plans). */
export interface UserRow {
  id: string;
  username: string;
  email: string | null;
  display_name: string | null;
  is_admin: boolean;
  is_guest: boolean;
  created_at: Date | string;
  last_login_at: Date | string | null;
  plan_id: string | null;
  plan_name: string | null;
  sub_status: string | null;
  start_date: Date | string | null;
  end_date: Date | string | null;
  renews_at: Date | string | null;
}

export function toUserJson(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email ?? null,
    displayName: row.display_name ?? null,
    isAdmin: flag(row.is_admin),
    isGuest: flag(row.is_guest),
    createdAt: iso(row.created_at) ?? "",
    lastLoginAt: iso(row.last_login_at),
    subscription: row.plan_id
      ? {
          planId: row.plan_id,
          planName: row.plan_name ?? row.plan_id,
          status: row.sub_status ?? "trial",
          startDate: iso(row.start_date),
          endDate: iso(row.end_date),
          renewsAt: iso(row.renews_at),
        }
      : null,
  };
}

export interface PlanRow {
  id: string;
  name: string;
  description: string | null;
  price: number;
  currency: string;
  billing_period: string;
  max_essays_per_month: number;
  max_files_per_upload: number;
  max_users: number;
  features: unknown;
  is_active: boolean;
  /** Read where the plan list shows it (GET /plans). */
  yearly_price?: number | null;
}

export function toPlanJson(row: PlanRow): Plan {
  let features: unknown = row.features;
  if (typeof features === "string") {
    try {
      features = JSON.parse(features);
    } catch {
      features = [features];
    }
  }
  return {
    id: row.id,
    name: row.name,
    description: row.description ?? null,
    price: Number(row.price),
    currency: row.currency ?? "KRW",
    billingPeriod: row.billing_period ?? "monthly",
    maxEssaysPerMonth: Number(row.max_essays_per_month),
    maxFilesPerUpload: Number(row.max_files_per_upload),
    maxUsers: Number(row.max_users ?? 1),
    features: Array.isArray(features) ? features.map(String) : [],
    isActive: flag(row.is_active),
    ...(row.yearly_price !== undefined ? { yearlyPrice: row.yearly_price === null ? null : Number(row.yearly_price) } : {}),
  };
}
