// Runs blog reads as whoever is calling: the signed-in user, or the `anon` role for visitors,
// so the blog tables' RLS (published for everyone, everything for admins) decides visibility.
import type { TransactionSql } from "postgres";
import type { Ctx } from "../lib/types.ts";

export function asCaller<T>(ctx: Ctx, fn: (sql: TransactionSql) => Promise<T>): Promise<T> {
  if (ctx.user) return ctx.asUser(fn);
  return ctx.admin.begin(async (tx) => {
    await tx`set local role anon`;
    await tx`select set_config('request.jwt.claims', '{"role":"anon"}', true),
                    set_config('request.jwt.claim.role', 'anon', true)`;
    return await fn(tx);
  }) as Promise<T>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string): boolean => UUID.test(v);

/** postgres.js error code of a unique violation. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: string }).code === "23505";
}
