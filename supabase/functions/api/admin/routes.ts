// Member management (admins only: the route table's `auth: 'admin'` plus RLS on every read).
import { adminSql } from "../lib/db.ts";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { HttpError } from "../lib/errors.ts";
import { idParams } from "../lib/params.ts";
import { loadUser } from "../account/queries.ts";
import { API_MESSAGES, VALIDATION } from "../../_shared/messages.ts";
import { changePlanSchema, deleteAuthUser, essayObjectNames, listUsersWithUsage, removeEssayObjects } from "./users.ts";
import { ADMIN_MESSAGES } from "./messages.ts";

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

async function listUsers(ctx: Ctx<unknown, AuthUser>): Promise<Response> {
  return json(await ctx.asCaller((sql) => listUsersWithUsage(sql)));
}

async function deleteUser(ctx: AdminCtx): Promise<Response> {
  const id = ctx.params.id;
  if (id === ctx.user.id) throw new HttpError(400, ADMIN_MESSAGES.selfDelete);
  await existingUserId(ctx);

  const files = await essayObjectNames(adminSql, id);
  const removed = await deleteAuthUser(id);
  // A profile whose Auth user is already gone is removed directly (same cascade).
  if (!removed) await adminSql`delete from public.profiles where id = ${id}`;
  await removeEssayObjects(files, id);
  return json({ message: ADMIN_MESSAGES.deleted });
}

/** Paid plans become 'active' for a month (renewing); trial becomes 'trial'. Usage status follows at once. */
async function changePlan(ctx: AdminCtx): Promise<Response> {
  const { planId } = await ctx.json(changePlanSchema);
  const id = await existingUserId(ctx);
  const plans = await adminSql<{ id: string; price: number }[]>`
    select id, price from public.subscription_plans where id = ${planId}`;
  const plan = plans[0];
  if (!plan) throw new HttpError(404, VALIDATION.planNotFound);
  const paid = plan.id !== "trial";

  await adminSql.begin(async (sql) => {
    await sql`
      insert into public.subscriptions (user_id, plan_id, status, start_date, end_date, renews_at, canceled_at, trial_ends_at)
      values (${id}, ${plan.id}, ${paid ? "active" : "trial"}, now(),
              ${paid ? sql`now() + interval '1 month'` : null}, ${paid ? sql`now() + interval '1 month'` : null},
              null, null)
      on conflict (user_id) do update set
        plan_id = excluded.plan_id, status = excluded.status, start_date = excluded.start_date,
        end_date = excluded.end_date, renews_at = excluded.renews_at, canceled_at = null, trial_ends_at = null`;
    await sql`select 1 from private.ensure_current_usage(${id}::uuid)`;
  });

  const user = await loadUser(adminSql, id);
  return json({ message: ADMIN_MESSAGES.planChanged, user });
}

export const routes: Route[] = [
  defineRoute({ method: "GET", path: "/admin/users", auth: "admin", handler: listUsers }),
  defineRoute({ method: "DELETE", path: "/admin/users/:id", auth: "admin", params: userParams, handler: deleteUser }),
  defineRoute({ method: "PATCH", path: "/admin/users/:id/subscription", auth: "admin", params: userParams, handler: changePlan }),
];
