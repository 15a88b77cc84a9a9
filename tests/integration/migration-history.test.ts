// A data folder whose migration history lists versions no migration file has (made before the migrations were
// folded into one file per domain) is refused at start with one Korean + English line saying what to do,
// before `supabase db push` would stop on it. Checked on this stack's own history, inside a rolled-back transaction.
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { assertKnownMigrationHistory } from "../../local/db.ts";
import { StartupError, startupMessage } from "../../local/startup-error.ts";
import { readStack } from "../helpers/stack.ts";

const sql = postgres(readStack().dbUrl, { max: 1, onnotice: () => {} });
const migrationsDir = path.resolve(import.meta.dirname, "../../supabase/migrations");
const dataDir = "/tmp/essay-old-data";

afterAll(async () => {
  await sql.end();
});

class Rollback extends Error {}

/** Runs fn in a transaction that is always rolled back; returns what fn threw (or undefined). */
async function rolledBack(fn: (tx: postgres.TransactionSql) => Promise<void>): Promise<unknown> {
  let thrown: unknown;
  await sql
    .begin(async (tx) => {
      try {
        await fn(tx);
      } catch (err) {
        thrown = err;
      }
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return thrown;
}

describe("migration history of the data folder", () => {
  it("accepts a database whose history lists only versions of the migration files", async () => {
    const applied = await sql`select version from supabase_migrations.schema_migrations`;
    expect(applied.length).toBeGreaterThan(0);
    await expect(assertKnownMigrationHistory(sql, migrationsDir, dataDir)).resolves.toBeUndefined();
  });

  it("refuses a history with a version that no file has, in one Korean + English line naming what to do", async () => {
    const err = await rolledBack(async (tx) => {
      await tx`insert into supabase_migrations.schema_migrations (version, name) values ('20261122001100', 'teacher-review')`;
      await assertKnownMigrationHistory(tx, migrationsDir, dataDir);
    });
    expect(err).toBeInstanceOf(StartupError);
    const line = startupMessage(err);
    expect(line).not.toContain("\n");
    expect(line).toContain("데이터 폴더(/tmp/essay-old-data)");
    expect(line).toContain("20261122001100");
    expect(line).toContain("LOCAL_DATA_DIR");
    expect(line).toMatch(/이 폴더를 지우거나 .*LOCAL_DATA_DIR/);
    expect(line).toMatch(/ \/ the data folder \(\/tmp\/essay-old-data\) .* delete it or point LOCAL_DATA_DIR in \.env elsewhere/);
  });
});
