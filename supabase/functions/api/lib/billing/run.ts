// The tick's billing run: renewal charges and notices (when billing is configured), then the mail
// outbox; one run at a time per instance (other instances are kept apart by row locks).
import { adminSql } from "../db.ts";
import { settings } from "../settings.ts";
import { billingSetup, billingTossConfig } from "../payments/config.ts";
import { sendDueMail } from "../mail/outbox.ts";
import { runRenewals } from "./renew.ts";

let running: Promise<void> | null = null;

async function run(): Promise<void> {
  const keySecret = settings.billing.keySecret;
  if (billingSetup().ready && keySecret) {
    const r = await runRenewals(adminSql, billingTossConfig(), keySecret);
    if (r.renewed + r.declined + r.deferred + r.notices > 0) console.log(`[billing] ${JSON.stringify(r)}`);
  }
  const mail = await sendDueMail(adminSql);
  if (mail.sent + mail.failed > 0) console.log(`[mail] ${JSON.stringify(mail)}`);
}

/**
 * How long a run may keep the next tick from starting one. A run stuck on a call that never answers
 * (a mail server or a connection that hangs) must not stop renewals for good; a second run beside it
 * is safe, since every renewal and mail is claimed under a row lock.
 */
export const BILLING_RUN_LIMIT_MS = 20_000;

/** Starts a billing run unless one started in this instance less than BILLING_RUN_LIMIT_MS ago; the run's promise. */
export function startBillingRun(): Promise<void> {
  if (running) return running;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`[billing] run still busy after ${BILLING_RUN_LIMIT_MS / 1000} s; the next tick may start another`);
      resolve();
    }, BILLING_RUN_LIMIT_MS);
  });
  const current = Promise.race([run().catch((err) => console.error("[billing] run failed:", err)), limit]).finally(() => {
    clearTimeout(timer);
    if (running === current) running = null;
  });
  running = current;
  return current;
}
