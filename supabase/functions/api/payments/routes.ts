import { z } from "zod";
import { defineRoute, type Route } from "../lib/types.ts";
import { adminSql } from "../lib/db.ts";
import { found, HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { planSelectionSchema } from "../../_shared/schemas.ts";
import type { PaymentsConfig } from "../../_shared/types.ts";
import { paymentsSetup, tossConfig } from "../lib/payments/config.ts";
import { PAYMENT_MESSAGES as M } from "../lib/payments/messages.ts";
import { assertNotGuest, cancelSchedule, confirmOrder, createIntent, selectTrial } from "../payments/service.ts";
import { orderRecord, paymentHistory } from "../lib/payments/history.ts";

const orderIdSchema = z.string({ error: M.invalidOrderId }).regex(/^[A-Za-z0-9_=-]{6,64}$/, M.invalidOrderId);

const confirmSchema = z.object({
  paymentKey: z.string({ error: M.invalidPaymentKey }).min(1, M.invalidPaymentKey).max(200, M.invalidPaymentKey),
  orderId: orderIdSchema,
  amount: z.coerce.number({ error: M.invalidAmount }).int(M.invalidAmount).min(0, M.invalidAmount),
});

/** Orders are created and confirmed only with keys that match PAYMENTS_MODE (503 otherwise). */
function assertPaymentsReady(): void {
  if (!paymentsSetup().ready) throw new HttpError(503, M.notConfigured);
}

export const routes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/payments/config",
    auth: "public",
    handler() {
      const setup = paymentsSetup();
      const body: PaymentsConfig = { mode: setup.mode, available: setup.ready, clientKey: setup.clientKey };
      return json(body, 200, { "Cache-Control": "no-store" });
    },
  }),
  defineRoute({
    method: "POST",
    path: "/payments/create-intent",
    auth: "user",
    async handler(ctx) {
      const { planId } = await ctx.json(planSelectionSchema);
      const user = ctx.user;
      await assertNotGuest(adminSql, user.id, user.isAnonymous);
      assertPaymentsReady();
      return json(await createIntent(adminSql, user.id, planId), 201);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/payments/toss-confirm",
    auth: "user",
    async handler(ctx) {
      const input = await ctx.json(confirmSchema);
      assertPaymentsReady();
      return json(await confirmOrder(adminSql, tossConfig(), ctx.user.id, input));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/payments/history",
    auth: "user",
    async handler(ctx) {
      return json(await ctx.asCaller((sql) => paymentHistory(sql, ctx.user.id)));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/payments/orders/:id",
    auth: "user",
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_=-]{6,64}$/, M.orderNotFound) }),
    async handler(ctx) {
      return json(found(await ctx.asCaller((sql) => orderRecord(sql, ctx.user.id, ctx.params.id)), 404, M.orderNotFound));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/subscription/select",
    auth: "user",
    async handler(ctx) {
      const { planId } = await ctx.json(planSelectionSchema);
      if (planId !== "trial") throw new HttpError(400, M.paidPlanNeedsPayment);
      return json(await selectTrial(adminSql, ctx.user.id));
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/subscription/schedule",
    auth: "user",
    async handler(ctx) {
      return json(await cancelSchedule(adminSql, ctx.user.id));
    },
  }),
];
