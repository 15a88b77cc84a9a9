// /billing/*: subscriptions that renew on a card kept on file (Toss 자동결제) and 결제 관리.
import { z } from "zod";
import { defineRoute, type Route } from "../lib/types.ts";
import { adminSql } from "../lib/db.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { settings } from "../lib/settings.ts";
import { billingSetup, billingTossConfig } from "../lib/payments/config.ts";
import { planSelectionSchema } from "../../_shared/schemas.ts";
import { BILLING_MESSAGES as M } from "./messages.ts";
import { cancelSubscription, registerCard, resumeSubscription, startCardChange, subscribe } from "./service.ts";
import { billingOverview } from "./queries.ts";
import { memberRefund } from "./refund.ts";
import { cancelScheduledChange, changePlan, quoteChange } from "./change.ts";

const subscribeSchema = planSelectionSchema.extend({
  period: z.enum(["monthly", "yearly"], { error: M.periodInvalid }).default("monthly"),
});

const cardSchema = z.object({
  authKey: z.string({ error: M.authKeyInvalid }).min(1, M.authKeyInvalid).max(300, M.authKeyInvalid),
  customerKey: z.string({ error: M.customerMismatch }).regex(/^[A-Za-z0-9_=.@-]{2,300}$/, M.customerMismatch),
});

/** 플랜 변경: the plan, optionally another period; confirm: false (or the /quote path) only quotes. */
const changeSchema = planSelectionSchema.extend({
  period: z.enum(["monthly", "yearly"], { error: M.periodInvalid }).optional(),
  confirm: z.boolean({ error: M.confirmInvalid }).default(true),
});

const refundSchema = z.object({
  paymentId: z.string({ error: M.paymentIdInvalid }).min(1, M.paymentIdInvalid).max(200, M.paymentIdInvalid),
});

/** Billing keys and the secret that encrypts them must be set for the mode (503 otherwise). */
function readySetup() {
  const setup = billingSetup();
  if (!setup.ready || !settings.billing.keySecret) throw new HttpError(503, M.notConfigured);
  return { clientKey: setup.clientKey!, keySecret: settings.billing.keySecret };
}

async function assertMember(userId: string, isAnonymous: boolean): Promise<void> {
  const rows = isAnonymous ? [] : await adminSql<{ is_guest: boolean }[]>`select is_guest from public.profiles where id = ${userId}`;
  if (!rows[0] || rows[0].is_guest) throw new HttpError(403, M.guestCannotSubscribe, { isGuest: 1 });
}

export const routes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/billing",
    auth: "user",
    async handler(ctx) {
      const body = await billingOverview(adminSql, ctx.user.id);
      return json({ ...body, available: billingSetup().ready }, 200, { "Cache-Control": "no-store" });
    },
  }),
  defineRoute({
    method: "POST",
    path: "/billing/subscribe",
    auth: "user",
    async handler(ctx) {
      const { planId, period } = await ctx.json(subscribeSchema);
      await assertMember(ctx.user.id, ctx.user.isAnonymous);
      const { clientKey } = readySetup();
      return json(await subscribe(adminSql, ctx.user.id, planId, period, clientKey), 201);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/billing/card",
    auth: "user",
    async handler(ctx) {
      const input = await ctx.json(cardSchema);
      const { keySecret } = readySetup();
      return json(await registerCard(adminSql, billingTossConfig(), keySecret, ctx.user.id, input));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/billing/card/change",
    auth: "user",
    async handler(ctx) {
      const { clientKey } = readySetup();
      return json(await startCardChange(adminSql, ctx.user.id, clientKey));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/billing/cancel",
    auth: "user",
    async handler(ctx) {
      return json(await cancelSubscription(adminSql, ctx.user.id));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/billing/resume",
    auth: "user",
    async handler(ctx) {
      return json(await resumeSubscription(adminSql, ctx.user.id));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/billing/change/quote",
    auth: "user",
    async handler(ctx) {
      const { planId, period } = await ctx.json(changeSchema);
      return json(await quoteChange(adminSql, ctx.user.id, planId, period));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/billing/change",
    auth: "user",
    async handler(ctx) {
      const { planId, period, confirm } = await ctx.json(changeSchema);
      if (!confirm) return json(await quoteChange(adminSql, ctx.user.id, planId, period));
      const { keySecret } = readySetup();
      return json(await changePlan(adminSql, billingTossConfig(), keySecret, ctx.user.id, planId, period));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/billing/change/cancel",
    auth: "user",
    async handler(ctx) {
      return json(await cancelScheduledChange(adminSql, ctx.user.id));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/billing/refund",
    auth: "user",
    async handler(ctx) {
      const { paymentId } = await ctx.json(refundSchema);
      return json(await memberRefund(adminSql, ctx.user.id, paymentId));
    },
  }),
];
