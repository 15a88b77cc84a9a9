// The caller's session, read under RLS (used by sessions/, submissions/, anchors/ and reports/):
// read by its owner or an organisation's colleague with access, changed by its owner only.
import type { TransactionSql } from "postgres";
import type { AuthUser } from "../types.ts";
import { HttpError } from "../errors.ts";
import { idParams } from "../params.ts";
import type { DbRow } from "../../../_shared/db-rows.ts";
import { API_MESSAGES } from "../../../_shared/messages.ts";
import { WORKSPACE_MESSAGES } from "./messages.ts";

/** A row of public.analysis_sessions (generated types), plus the list view's counts. */
export type SessionRow = DbRow<"analysis_sessions", "created_at" | "updated_at"> & {
  submission_count?: number;
  completed_count?: number;
};

/** What the session helpers need of a request context (a signed-in route's `ctx`). */
export interface CallerCtx {
  user: AuthUser;
  asCaller<T>(fn: (sql: TransactionSql) => Promise<T>): Promise<T>;
}

export function userId(ctx: { user: AuthUser }): string {
  return ctx.user.id;
}

export function notFound(): HttpError {
  return new HttpError(404, WORKSPACE_MESSAGES.sessionNotFound);
}

/** A session id path parameter; a malformed one answers the same 404 as a missing session. */
export const sessionParams = idParams(WORKSPACE_MESSAGES.sessionNotFound);

/**
 * A session the caller may read, or 404 (a missing id, a malformed id and a session they may not read
 * look the same): their own, or an organisation's they can access (RLS: private.can_access_session —
 * its owner and managers, the teachers of its class). Reads of its rows go by `s.user_id`, the owner's.
 */
export async function ownedSession(ctx: CallerCtx, id: string): Promise<SessionRow> {
  // Named, not left to RLS alone: an admin reads every session there, yet opens only their own here.
  const rows = await ctx.asCaller(
    (sql) => sql<SessionRow[]>`select * from public.analysis_sessions where id = ${id} and private.can_access_session(id)`,
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/**
 * The caller's own session (samples included), for a change to it or its answers: 404 as
 * `ownedSession`; 403 when it is a colleague's (an organisation's member reads it, only its owner changes it).
 */
export async function ownSession(ctx: CallerCtx, id: string): Promise<SessionRow> {
  const s = await ownedSession(ctx, id);
  if (s.user_id !== userId(ctx)) throw new HttpError(403, WORKSPACE_MESSAGES.colleagueReadOnly);
  return s;
}

/** 403: a sample session and its answers are a read-only demonstration (only deleted). */
export function sampleReadOnly(): HttpError {
  return new HttpError(403, API_MESSAGES.sampleReadOnly);
}

/** The caller's session for a write to it or its answers: 404 / 403 as `ownSession`, 403 for a sample session. */
export async function writableSession(ctx: CallerCtx, id: string): Promise<SessionRow> {
  const s = await ownSession(ctx, id);
  if (s.is_sample) throw sampleReadOnly();
  return s;
}

/**
 * Locks the caller's session for a change of its setup (question, criteria, rubric, name, anchor
 * answers) until the transaction ends, with private.lock_session_setup (the same rule and lock the
 * session_anchors triggers use): 404 when it is not theirs, 403 for a sample session and, when
 * `needIdle`, 409 while an answer of it is queued or being graded.
 */
export async function lockSessionSetup(sql: TransactionSql, id: string, uid: string, needIdle: boolean): Promise<SessionRow> {
  const [row] = await sql<SessionRow[]>`
    select * from public.analysis_sessions where id = ${id} and user_id = ${uid} for update`;
  if (!row) throw notFound();
  const [{ state }] = await sql<{ state: string }[]>`
    select private.lock_session_setup(${id}::uuid, ${needIdle}) as state`;
  if (state === "missing") throw notFound();
  if (state === "sample") throw sampleReadOnly();
  if (state === "busy") throw new HttpError(409, WORKSPACE_MESSAGES.setupWhileGrading);
  return row;
}
