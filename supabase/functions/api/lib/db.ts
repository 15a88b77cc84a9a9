// One postgres.js pool for the function. `adminSql` bypasses RLS: import it only where a rule needs
// privilege (usage, grading, payments, admin, server-written rows); `asCaller` runs as the caller.
import postgres from "postgres";
import type { AuthUser } from "./types.ts";
import { platform, settings } from "./settings.ts";

type Sql = postgres.Sql;
type TransactionSql = postgres.TransactionSql;

let pool: Sql | null = null;

/** `application_name` of the function's connections (countable in `pg_stat_activity`). */
export const DB_APPLICATION_NAME = "api-function";

/**
 * The pool settings: the transaction pooler (`SUPABASE_DB_POOLER_URL` / `DB_POOLER_URL`, port
 * 6543) when set, else the direct `SUPABASE_DB_URL`; at most `DB_POOL_MAX` (default 3)
 * connections per isolate. No prepared statements either way: a transaction-mode pooler hands
 * each transaction to any server connection, so named statements would not be found. Session
 * state is never used: caller-scoped queries set their role and JWT claims with `set local` /
 * `set_config(..., true)` inside their own transaction (see `asCaller`).
 */
export function poolSettings(): { url: string; pooled: boolean; max: number } {
  const pooler = settings.supabase.dbPoolerUrl;
  return { url: pooler ?? platform.dbUrl, pooled: pooler !== undefined, max: settings.supabase.dbPoolMax };
}

function getPool(): Sql {
  if (!pool) {
    const { url, max } = poolSettings();
    pool = postgres(url, {
      max,
      prepare: false, // transaction-mode poolers (Supavisor) do not support prepared statements
      idle_timeout: 20,
      connect_timeout: 10,
      onnotice: () => {},
      connection: { application_name: DB_APPLICATION_NAME },
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

/**
 * Runs `fn` in a transaction as the caller, so RLS, `auth.uid()` and `auth.jwt()` behave as for a
 * PostgREST request: `role authenticated` plus their JWT claims when signed in, `role anon` for
 * a visitor (`user` null).
 */
export async function asCaller<T>(user: AuthUser | null, fn: (sql: TransactionSql) => Promise<T>): Promise<T> {
  const result = await getPool().begin(async (tx) => {
    if (user) {
      const claims = JSON.stringify({ ...user.claims, sub: user.id, role: "authenticated" });
      await tx`set local role authenticated`;
      await tx`select set_config('request.jwt.claims', ${claims}, true),
                      set_config('request.jwt.claim.sub', ${user.id}, true),
                      set_config('request.jwt.claim.role', 'authenticated', true)`;
    } else {
      await tx`set local role anon`;
      await tx`select set_config('request.jwt.claims', '{"role":"anon"}', true),
                      set_config('request.jwt.claim.role', 'anon', true)`;
    }
    return await fn(tx);
  });
  return result as T;
}
