import { z } from "zod";
import { defineRoute, type Route } from "../lib/types.ts";
import { adminSql } from "../lib/db.ts";
import { HttpError } from "../lib/errors.ts";
import { json } from "../lib/http.ts";
import { planSelectionSchema } from "../../_shared/schemas.ts";
import { tossConfig } from "../payments/config.ts";
import { PAYMENT_MESSAGES as M } from "../payments/messages.ts";
import { assertNotGuest, confirmOrder, createIntent, selectTrial } from "../payments/service.ts";

const confirmSchema = z.object({
  paymentKey: z.string({ error: M.invalidPaymentKey }).min(1, M.invalidPaymentKey).max(200, M.invalidPaymentKey),
  orderId: z.string({ error: M.invalidOrderId }).regex(/^[A-Za-z0-9_=-]{6,64}$/, M.invalidOrderId),
  amount: z.coerce.number({ error: M.invalidAmount }).int(M.invalidAmount).min(0, M.invalidAmount),
});

export const routes: Route[] = [
  defineRoute({
    method: "POST",
    path: "/payments/create-intent",
    auth: "user",
    async handler(ctx) {
      const { planId } = await ctx.json(planSelectionSchema);
      const user = ctx.user;
      await assertNotGuest(adminSql, user.id, user.isAnonymous);
      return json(await createIntent(adminSql, user.id, planId), 201);
    },
  }),
  defineRoute({
    method: "POST",
    path: "/payments/toss-confirm",
    auth: "user",
    async handler(ctx) {
      const input = await ctx.json(confirmSchema);
      return json(await confirmOrder(adminSql, tossConfig(), ctx.user.id, input));
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
];
