// Records kept for a legal period and then deleted: the paid orders of deleted accounts (5 years,
// private.purge_withdrawn_payments). The scheduled tick asks at most once an hour per instance;
// pg_cron runs the same function daily where it is installed.
import { adminSql } from "./db.ts";

const EVERY_MS = 3_600_000;
let lastRun = 0;

/** Runs the purge when an hour has passed since this instance last did; never throws. */
export async function purgeExpiredRecords(now = Date.now()): Promise<number | null> {
  if (now - lastRun < EVERY_MS) return null;
  lastRun = now;
  try {
    const [row] = await adminSql<{ n: number }[]>`select private.purge_withdrawn_payments() as n`;
    return row?.n ?? 0;
  } catch (err) {
    console.error("retention purge failed", err);
    return null;
  }
}
