// One postgres.js pool for the function. `adminSql` bypasses RLS; `asUser` runs as the caller.
import postgres from "postgres";
import type { AuthUser } from "./types.ts";
import { env } from "./env.ts";

type Sql = postgres.Sql;
type TransactionSql = postgres.TransactionSql;

let pool: Sql | null = null;

function getPool(): Sql {
  if (!pool) {
    pool = postgres(env.dbUrl, {
      max: 10,
      prepare: false, // transaction-mode poolers (Supavisor) do not support prepared statements
      idle_timeout: 20,
      connect_timeout: 10,
      onnotice: () => {},
      connection: { application_name: "api-function" },
    });
  }
  return pool;
}

/**
 * Privileged SQL (the DB URL's role, bypassing RLS). Created lazily so importing this module
 * needs no environment; behaves exactly like the postgres.js `sql` tag.
 */
export const adminSql: Sql = new Proxy(function () {} as unknown as Sql, {
  apply(_t, _this, args) {
    return Reflect.apply(getPool() as unknown as (...a: unknown[]) => unknown, undefined, args);
  },
  get(_t, prop) {
    const p = getPool() as unknown as Record<PropertyKey, unknown>;
    const v = p[prop];
    return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(p) : v;
  },
});

/** Closes the pool (tests and graceful shutdown). */
export async function closeDb(): Promise<void> {
  const p = pool;
  pool = null;
  if (p) await p.end({ timeout: 5 });
}

/**
 * Runs `fn` in a transaction as the caller: `role authenticated` plus their JWT claims, so RLS,
 * `auth.uid()` and `auth.jwt()` behave as for a PostgREST request.
 */
export async function asUser<T>(user: AuthUser, fn: (sql: TransactionSql) => Promise<T>): Promise<T> {
  const claims = JSON.stringify({ ...user.claims, sub: user.id, role: "authenticated" });
  const result = await getPool().begin(async (tx) => {
    await tx`set local role authenticated`;
    await tx`select set_config('request.jwt.claims', ${claims}, true),
                    set_config('request.jwt.claim.sub', ${user.id}, true),
                    set_config('request.jwt.claim.role', 'authenticated', true)`;
    return await fn(tx);
  });
  return result as T;
}
