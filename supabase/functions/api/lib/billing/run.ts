// The tick's billing run: renewal charges and notices, one run at a time per instance (other
// instances are kept apart by the row locks of private.claim_due_renewal).
import { adminSql } from "../db.ts";
import { settings } from "../settings.ts";
import { billingSetup, billingTossConfig } from "../payments/config.ts";
import { runRenewals } from "./renew.ts";

let running: Promise<void> | null = null;

/** Starts a billing run unless one is running here or billing is not configured; the run's promise. */
export function startBillingRun(): Promise<void> | null {
  if (running) return running;
  if (!billingSetup().ready || !settings.billing.keySecret) return null;
  running = runRenewals(adminSql, billingTossConfig(), settings.billing.keySecret)
    .then((r) => {
      if (r.renewed + r.declined + r.deferred + r.notices > 0) console.log(`[billing] ${JSON.stringify(r)}`);
    })
    .catch((err) => console.error("[billing] run failed:", err))
    .finally(() => {
      running = null;
    });
  return running;
}
