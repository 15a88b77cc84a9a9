// What the grading tests share (integration and browser alike, so no test framework here): the essay
// fixtures, a session and an answer made through the API, the fake LLM's request log, waiting for an
// answer to finish, a graded answer planted with SQL, and SQL run as a signed-in user (PostgREST's way).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Sql, TransactionSql } from "postgres";
import { fileOf, utf8 } from "./files.ts";
import { readStack } from "./stack.ts";
import { api, testSql, type ApiResult, type TestUser } from "./users.ts";

const essays = join(import.meta.dirname, "../fixtures/essays");
/** tests/fixtures/essays/prompt.txt: the question most grading tests use. */
export const FIXTURE_PROMPT = readFileSync(join(essays, "prompt.txt"), "utf8");
/** tests/fixtures/essays/strong.txt: a complete, good answer to it. */
export const FIXTURE_ESSAY = readFileSync(join(essays, "strong.txt"), "utf8");
/** tests/fixtures/essays/medium.txt and weak.txt: the same question answered less well. */
export const FIXTURE_MEDIUM = readFileSync(join(essays, "medium.txt"), "utf8");
export const FIXTURE_WEAK = readFileSync(join(essays, "weak.txt"), "utf8");
/** tests/fixtures/images/answer-scan.png: a photographed answer (the fake vision model reads it). */
export const FIXTURE_SCAN = readFileSync(join(import.meta.dirname, "../fixtures/images/answer-scan.png"));

function expectStatus(res: ApiResult, status: number, what: string): void {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
}

/** POST /sessions with `prompt` as a .txt question file; the new session's id (throws unless 201). */
export async function createSession(user: TestUser, prompt = FIXTURE_PROMPT, filename = "문제.txt"): Promise<string> {
  const form = new FormData();
  form.append("promptFile", fileOf(utf8(prompt), filename, "text/plain"));
  const res = await api("/sessions", { token: user.token, form });
  expectStatus(res, 201, "POST /sessions");
  return res.body.id;
}

/** POST /sessions/{id}/submissions with a typed answer (and `student`'s fields in the body); the answer's id (throws unless 201). */
export async function submitEssay(
  user: TestUser,
  sessionId: string,
  essayContent: string,
  student: { studentName?: string; studentId?: string } & Record<string, unknown> = {},
): Promise<string> {
  const res = await api(`/sessions/${sessionId}/submissions`, { token: user.token, json: { essayContent, ...student } });
  expectStatus(res, 201, "POST /sessions/{id}/submissions");
  return res.body.id;
}

/** POST /sessions/{id}/submissions with FIXTURE_SCAN as 김철수_20240102.png; the answer's id (throws unless 201). */
export async function submitScan(user: TestUser, sessionId: string): Promise<string> {
  const form = new FormData();
  form.append("essayFile", fileOf(FIXTURE_SCAN, "김철수_20240102.png", "image/png"));
  const res = await api(`/sessions/${sessionId}/submissions`, { token: user.token, form });
  expectStatus(res, 201, "POST /sessions/{id}/submissions (image)");
  return res.body.id;
}

/** One call the fake LLM (tests/fakes/llm.ts) received, as its `/__requests` lists it. */
export interface FakeLlmRequest {
  marker: string;
  model: string;
  temperature?: number;
  responseFormat: { type: string; json_schema?: { strict?: boolean; schema?: unknown } };
  system: string;
  user: string;
}

/** The calls the test stack's fake LLM received, only those of `marker` when given. */
export async function fakeLlmRequests(marker?: string): Promise<FakeLlmRequest[]> {
  const { fakeLlmUrl } = readStack();
  const res = await fetch(`${fakeLlmUrl!.replace(/\/v1$/, "")}/__requests`);
  const all = (await res.json()) as FakeLlmRequest[];
  return marker === undefined ? all : all.filter((r) => r.marker === marker);
}

/** Polls `fn` every `everyMs` until it returns something truthy; throws after `timeoutMs`. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Waits until answer `id` is completed or error and returns its job columns; `detail` (e.g. a
 * function's log) is added to the timeout's message.
 */
export async function waitForEnd(id: string, timeoutMs = 45_000, detail?: () => string) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await testSql()`select status, progress, progress_message, attempts, last_error, usage_charged
                                    from public.essay_submissions where id = ${id}`;
    if (row && (row.status === "completed" || row.status === "error")) return row;
    if (Date.now() > end) {
      throw new Error(`submission ${id} still ${row?.status} after ${timeoutMs} ms${detail ? `\n${detail()}` : ""}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Plants, with the service role and SQL, what a graded answer leaves behind for `userId`: the question
 * stored in the `essays` bucket, its session, a completed answer and its result.
 */
export async function seedGradedEssay(userId: string): Promise<{ filePath: string; sessionId: string; submissionId: string }> {
  const sql = testSql();
  const { supabaseUrl, serviceRoleKey } = readStack();
  const filePath = `${userId}/session/prompt.txt`;
  // Essays are stored by the API with the service role (members cannot upload directly).
  const upload = await fetch(`${supabaseUrl}/storage/v1/object/essays/${filePath}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey, "Content-Type": "text/plain" },
    body: "논술 문제",
  });
  if (!upload.ok) throw new Error(`storage upload: ${upload.status} ${await upload.text()}`);
  const [session] = await sql`
    insert into public.analysis_sessions (user_id, prompt_content, prompt_filename, prompt_file_path)
    values (${userId}, '문제', 'prompt.txt', ${filePath}) returning id`;
  const [submission] = await sql`
    insert into public.essay_submissions (session_id, user_id, student_name, student_id, essay_content, status)
    values (${session.id}, ${userId}, '홍길동', '1234', '답안', 'completed') returning id`;
  await sql`
    insert into public.analysis_results (submission_id, overall_score, category_scores, strengths, improvement_areas, detailed_feedback, suggestions)
    values (${submission.id}, 80, '[]', '[]', '[]', '좋음', '[]')`;
  return { filePath, sessionId: session.id, submissionId: submission.id };
}

/**
 * What is left of user `userId` after their account is deleted: rows per table (auth users and
 * sessions, profile, subscription, usage, sessions, answers, payments), the result of
 * `submissionId`, and files under their folder of the `essays` bucket.
 */
export async function rowsLeftOf(userId: string, submissionId: string): Promise<Record<string, number>> {
  const [left] = await testSql()`
    select (select count(*) from auth.users where id = ${userId})::int as auth_users,
           (select count(*) from auth.sessions where user_id = ${userId})::int as auth_sessions,
           (select count(*) from public.profiles where id = ${userId})::int as profiles,
           (select count(*) from public.subscriptions where user_id = ${userId})::int as subscriptions,
           (select count(*) from public.usage_tracking where user_id = ${userId})::int as usage,
           (select count(*) from public.analysis_sessions where user_id = ${userId})::int as sessions,
           (select count(*) from public.essay_submissions where user_id = ${userId})::int as submissions,
           (select count(*) from public.analysis_results where submission_id = ${submissionId})::int as results,
           (select count(*) from public.payments where user_id = ${userId})::int as payments,
           (select count(*) from storage.objects where bucket_id = 'essays' and name like ${userId + "/%"})::int as files`;
  return { ...left };
}

/** What `rowsLeftOf` finds once an account is deleted with everything under it: nothing at all. */
export const NOTHING_LEFT = {
  auth_users: 0,
  auth_sessions: 0,
  profiles: 0,
  subscriptions: 0,
  usage: 0,
  sessions: 0,
  submissions: 0,
  results: 0,
  payments: 0,
  files: 0,
};

/** The JWT claims PostgREST sees for signed-in `userId`, plus `extra`. */
export const authenticatedClaims = (userId: string, extra: Record<string, unknown> = {}) => ({
  sub: userId,
  role: "authenticated",
  aud: "authenticated",
  ...extra,
});

/** Switches `tx` to the database role named by `claims.role` with those JWT claims, as PostgREST does. */
async function actAs(tx: TransactionSql, claims: { role: string }): Promise<void> {
  await tx.unsafe(`set local role ${claims.role === "anon" ? "anon" : "authenticated"}`);
  await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
}

/**
 * Runs `fn` in one transaction as PostgREST would for `userId` (role authenticated and its JWT
 * claims, plus `claims`); commits what it did unless it throws.
 */
export function asAuthenticated<T>(
  userId: string,
  fn: (tx: TransactionSql) => Promise<T>,
  claims: Record<string, unknown> = {},
): Promise<T> {
  return testSql().begin(async (tx) => {
    await actAs(tx, authenticatedClaims(userId, claims));
    return fn(tx);
  }) as Promise<T>;
}

/**
 * Runs `fn` with the role and JWT `claims` PostgREST would use (`claims.role`: "authenticated" or
 * "anon") in one transaction that is always rolled back; fn's result, or "denied" on SQLSTATE 42501.
 * `prepare` runs first, as the superuser; `sql` is the client to use (testSql() unless given).
 */
export async function rolledBackAs<T>(
  claims: { role: string } & Record<string, unknown>,
  fn: (tx: TransactionSql) => Promise<T>,
  opts: { prepare?: (tx: TransactionSql) => Promise<unknown>; sql?: Sql } = {},
): Promise<T | "denied"> {
  class Rollback extends Error {}
  let outcome: T | "denied" = "denied";
  try {
    await (opts.sql ?? testSql()).begin(async (tx) => {
      if (opts.prepare) await opts.prepare(tx);
      await actAs(tx, claims);
      outcome = await fn(tx);
      throw new Rollback();
    });
  } catch (err) {
    if (err instanceof Rollback) return outcome;
    if ((err as { code?: string }).code === "42501") return "denied";
    throw err;
  }
  return outcome;
}

/** Runs `fn` as `user` like asAuthenticated, always rolled back: "denied" on SQLSTATE 42501, else "allowed". */
export function rlsVerdict(user: TestUser, fn: (tx: any) => Promise<unknown>): Promise<"denied" | "allowed"> {
  return rolledBackAs(authenticatedClaims(user.user.id), async (tx) => {
    await fn(tx);
    return "allowed" as const;
  });
}
