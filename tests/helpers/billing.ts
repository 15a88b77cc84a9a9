// Rows of the billing tables, read over the test's SQL connection.
import { testSql } from "./users.ts";

/** The user's subscription row (undefined when there is none). */
export async function subscriptionRow(userId: string) {
  const [row] = await testSql()<any[]>`select * from public.subscriptions where user_id = ${userId}`;
  return row;
}

/** The payment (Toss order) row with this order id. */
export async function paymentRow(orderId: string) {
  const [row] = await testSql()<any[]>`select * from public.payments where id = ${orderId}`;
  return row;
}
