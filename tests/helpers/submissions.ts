// Waiting for an answer's grading job in integration tests (polls the row with superuser SQL).
import { testSql } from "./users.ts";

/** Resolves with the essay_submissions row once its status is one of `statuses`; throws after `timeoutMs`. */
export async function waitForStatus(id: string, statuses: string[], timeoutMs = 45_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await testSql()`select * from public.essay_submissions where id = ${id}`;
    if (row && statuses.includes(row.status)) return row;
    if (Date.now() > end) throw new Error(`submission ${id} still ${row?.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
