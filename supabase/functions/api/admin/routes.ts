// Member management (admins only: the route table's `auth: 'admin'` plus RLS on every read).
import { adminSql } from "../lib/db.ts";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { HttpError } from "../lib/errors.ts";
import { idParams } from "../lib/params.ts";
import { loadUser } from "../lib/users/queries.ts";
import { API_MESSAGES, VALIDATION } from "../../_shared/messages.ts";
import { z } from "zod";
import { paymentById, paymentHistory, withRefundBases, withdrawnPayments } from "../lib/payments/history.ts";
import { refundOrder } from "../lib/payments/refund.ts";
import { cancelTossConfig, paymentsSetup } from "../lib/payments/config.ts";
import { PAYMENT_MESSAGES } from "../lib/payments/messages.ts";
import { changePlanSchema, listUsersQuery, listUsersWithUsage, refundSchema } from "./users.ts";
import { assertNoOrgToTransfer } from "../lib/orgs/ownership.ts";
import { withOrgs } from "../lib/orgs/admin-list.ts";
import { deleteAuthUser, essayObjectNames, leaveOrganisation, removeEssayObjects } from "../lib/users/delete.ts";
import { ADMIN_MESSAGES } from "./messages.ts";
import { gradingUsage } from "./grading-usage.ts";
import { adminAgreement } from "./agreement.ts";
import { routes as planPriceRoutes } from "./plans.ts";

type AdminCtx = Ctx<{ id: string }, AuthUser>;

const userParams = idParams(API_MESSAGES.userNotFound);

function userNotFound(): never {
  throw new HttpError(404, API_MESSAGES.userNotFound);
}

async function existingUserId(ctx: AdminCtx): Promise<string> {
  const id = ctx.params.id;
  const rows = await ctx.asCaller((sql) => sql`select 1 from public.profiles where id = ${id}`);
  if (rows.length === 0) userNotFound();
  return id;
}

/** GET /admin/users?kind=member|guest|all&q=…&page=N: one page of accounts, with the service's counts. */
async function listUsers(ctx: Ctx<unknown, AuthUser>): Promise<Response> {
  const query = listUsersQuery.parse(Object.fromEntries(ctx.url.searchParams));
  // paid months that ended since anyone looked: the list shows the plan in force
  await adminSql`select private.apply_all_due_subscription_changes(500)`;
  const list = await ctx.asCaller((sql) => listUsersWithUsage(sql, query));
  return json({ ...list, users: await withOrgs(adminSql, list.users) });
}

async function deleteUser(ctx: AdminCtx): Promise<Response> {
  const id = ctx.params.id;
  if (id === ctx.user.id) throw new HttpError(400, ADMIN_MESSAGES.selfDelete);
  await existingUserId(ctx);
  await assertNoOrgToTransfer(id);

  await leaveOrganisation(adminSql, id);
  const files = await essayObjectNames(adminSql, id);
  const removed = await deleteAuthUser(id);
  // A profile whose Auth user is already gone is removed directly (same cascade).
  if (!removed) await adminSql`delete from public.profiles where id = ${id}`;
  await removeEssayObjects(files, id);
  return json({ message: ADMIN_MESSAGES.deleted });
}

/**
 * Sets a member's plan with explicit dates: a paid plan is 'active' from now until `endDate`
 * (default one month from now; must be in the future), after which the account returns to trial
 * (expired); trial is 'trial' with no end. Any scheduled change is dropped. Usage follows at once.
 */
async function changePlan(ctx: AdminCtx): Promise<Response> {
  const { planId, endDate } = await ctx.json(changePlanSchema);
  const id = await existingUserId(ctx);
  const plans = await adminSql<{ id: string; price: number }[]>`
    select id, price from public.subscription_plans where id = ${planId}`;
  const plan = plans[0];
  if (!plan) throw new HttpError(404, VALIDATION.planNotFound);
  const paid = plan.id !== "trial";
  if (!paid && endDate) throw new HttpError(400, ADMIN_MESSAGES.endDateForFreePlan);
  const end = endDate ? new Date(endDate) : null;
  if (end && end.getTime() <= Date.now()) throw new HttpError(400, ADMIN_MESSAGES.endDateInPast);

  await adminSql.begin(async (sql) => {
    const endSql = end ? sql`${end.toISOString()}::timestamptz` : sql`now() + interval '1 month'`;
    await sql`
      insert into public.subscriptions (user_id, plan_id, status, start_date, end_date, renews_at, canceled_at, trial_ends_at)
      values (${id}, ${plan.id}, ${paid ? "active" : "trial"}, now(),
              ${paid ? endSql : null}, ${paid ? endSql : null},
              null, null)
      on conflict (user_id) do update set
        plan_id = excluded.plan_id, status = excluded.status, start_date = excluded.start_date,
        end_date = excluded.end_date, renews_at = excluded.renews_at, canceled_at = null, trial_ends_at = null,
        scheduled_plan_id = null, scheduled_payment_id = null`;
    await sql`select 1 from private.ensure_current_usage(${id}::uuid)`;
  });

  const user = await loadUser(adminSql, id);
  return json({ message: ADMIN_MESSAGES.planChanged, user });
}

async function memberPayments(ctx: AdminCtx): Promise<Response> {
  const id = await existingUserId(ctx);
  const records = await ctx.asCaller((sql) => paymentHistory(sql, id));
  return json(await withRefundBases(adminSql, id, records));
}

const orderParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_=-]{6,64}$/, PAYMENT_MESSAGES.orderNotFound) });

/** POST /admin/payments/:id/refund {reason, amount?}: Toss cancel, then the refund recorded on the order. */
async function refund(ctx: Ctx<{ id: string }, AuthUser>): Promise<Response> {
  const input = await ctx.json(refundSchema);
  const visible = await ctx.asCaller((sql) => sql<{ kind: string }[]>`select kind from public.payments where id = ${ctx.params.id}`);
  if (visible.length === 0) throw new HttpError(404, PAYMENT_MESSAGES.orderNotFound);
  if (!paymentsSetup().ready) throw new HttpError(503, PAYMENT_MESSAGES.notConfigured);
  const done = await refundOrder(adminSql, cancelTossConfig(visible[0].kind), ctx.user.id, ctx.params.id, input);
  const payment = await paymentById(adminSql, ctx.params.id);
  // a deleted account's order (탈퇴한 회원) has no member to show
  return json({ message: done.message, payment, user: done.userId ? await loadUser(adminSql, done.userId) : null });
}

/** GET /admin/payments/withdrawn: the kept payment records of deleted accounts (탈퇴한 회원). */
async function withdrawnMemberPayments(ctx: Ctx<unknown, AuthUser>): Promise<Response> {
  return json(await ctx.asCaller((sql) => withdrawnPayments(sql)));
}

export const routes: Route[] = [
  defineRoute({ method: "GET", path: "/admin/users", auth: "admin", handler: listUsers }),
  defineRoute({ method: "GET", path: "/admin/usage", auth: "admin", handler: gradingUsage }),
  defineRoute({ method: "GET", path: "/admin/agreement", auth: "admin", handler: adminAgreement }),
  defineRoute({ method: "DELETE", path: "/admin/users/:id", auth: "admin", params: userParams, handler: deleteUser }),
  defineRoute({ method: "PATCH", path: "/admin/users/:id/subscription", auth: "admin", params: userParams, handler: changePlan }),
  defineRoute({ method: "GET", path: "/admin/users/:id/payments", auth: "admin", params: userParams, handler: memberPayments }),
  defineRoute({ method: "GET", path: "/admin/payments/withdrawn", auth: "admin", handler: withdrawnMemberPayments }),
  defineRoute({ method: "POST", path: "/admin/payments/:id/refund", auth: "admin", params: orderParams, handler: refund }),
  ...planPriceRoutes,
];
