// PATCH /admin/plans/:id { price, yearlyPrice? } (admins only): a plan's price per month (and per year).
// What the change does to subscriptions that renew is the database's rule (the subscription_plans
// trigger private.plan_price_changed): an increase is announced in the app and by mail and applies
// from the first renewal at least 30 days later; a decrease applies from the next renewal.
import { z } from "zod";
import { adminSql } from "../lib/db.ts";
import { type AuthUser, type Ctx, defineRoute, type Route } from "../lib/types.ts";
import { json } from "../lib/http.ts";
import { HttpError } from "../lib/errors.ts";
import { VALIDATION } from "../../_shared/messages.ts";

export const PLAN_PRICE_MESSAGES = {
  priceInvalid: "가격은 0원 이상 1억 원 이하의 정수(원)로 입력해 주세요.",
  freePlan: "체험판의 가격은 바꿀 수 없습니다.",
  changed: (n: number) => (n > 0 ? `가격이 변경되었습니다. 정기 구독 ${n}건에 요금 변경을 안내했습니다.` : "가격이 변경되었습니다."),
} as const;

const won = z
  .number({ error: PLAN_PRICE_MESSAGES.priceInvalid })
  .int(PLAN_PRICE_MESSAGES.priceInvalid)
  .min(0, PLAN_PRICE_MESSAGES.priceInvalid)
  .max(100_000_000, PLAN_PRICE_MESSAGES.priceInvalid);

const priceSchema = z.object({ price: won, yearlyPrice: won.nullable().optional() }, { error: PLAN_PRICE_MESSAGES.priceInvalid });
const planParams = z.object({ id: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, VALIDATION.planNotFound) });

async function changePrice(ctx: Ctx<{ id: string }, AuthUser>): Promise<Response> {
  const { price, yearlyPrice } = await ctx.json(priceSchema);
  const id = ctx.params.id;
  if (id === "trial") throw new HttpError(400, PLAN_PRICE_MESSAGES.freePlan);
  const result = await adminSql.begin(async (sql) => {
    const [plan] = await sql<{ id: string; name: string; price: number; yearly_price: number | null }[]>`
      update public.subscription_plans
         set price = ${price}, yearly_price = ${yearlyPrice === undefined ? sql`yearly_price` : yearlyPrice}
       where id = ${id}
      returning id, name, price, yearly_price`;
    if (!plan) throw new HttpError(404, VALIDATION.planNotFound);
    // the notices this transaction's trigger wrote (created_at is the transaction's now())
    const [told] = await sql<{ n: number }[]>`
      select count(*)::int as n from private.billing_notices where kind = 'price_change' and created_at = now()`;
    return { plan, notified: told.n };
  });
  return json({
    message: PLAN_PRICE_MESSAGES.changed(result.notified),
    plan: { id: result.plan.id, name: result.plan.name, price: result.plan.price, yearlyPrice: result.plan.yearly_price },
    notified: result.notified,
  });
}

export const routes: Route[] = [
  defineRoute({ method: "PATCH", path: "/admin/plans/:id", auth: "admin", params: planParams, handler: changePrice }),
];
