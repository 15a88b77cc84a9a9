// The caller's session, read under RLS.
import type { TransactionSql } from "postgres";
import type { AuthUser } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { idParams } from "../lib/params.ts";
import { SESSION_MESSAGES } from "./messages.ts";
import type { SessionRow } from "./mappers.ts";

/** What the session helpers need of a request context (a signed-in route's `ctx`). */
export interface CallerCtx {
  user: AuthUser;
  asCaller<T>(fn: (sql: TransactionSql) => Promise<T>): Promise<T>;
}

export function userId(ctx: { user: AuthUser }): string {
  return ctx.user.id;
}

export function notFound(): HttpError {
  return new HttpError(404, SESSION_MESSAGES.sessionNotFound);
}

/** A session id path parameter; a malformed one answers the same 404 as a missing session. */
export const sessionParams = idParams(SESSION_MESSAGES.sessionNotFound);

/** The caller's session or 404 (a missing id, a malformed id and another user's session look the same). */
export async function ownedSession(ctx: CallerCtx, id: string): Promise<SessionRow> {
  const rows = await ctx.asCaller((sql) =>
    sql<SessionRow[]>`select * from public.analysis_sessions where id = ${id} and user_id = ${userId(ctx)}`
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}
