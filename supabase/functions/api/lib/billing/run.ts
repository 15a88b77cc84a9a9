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

/** Starts a billing run unless one is running in this instance; the run's promise. */
export function startBillingRun(): Promise<void> {
  running ??= run()
    .catch((err) => console.error("[billing] run failed:", err))
    .finally(() => {
      running = null;
    });
  return running;
}
