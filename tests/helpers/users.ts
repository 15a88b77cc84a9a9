// Test users created through the API (admins promoted with SQL), and a small fetch helper for the api function.
import postgres from "postgres";
import { readStack } from "./stack.ts";
import type { Session, User } from "@shared/types.ts";

export interface ApiOptions {
  method?: string;
  token?: string;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  /** Raw body (with your own content-type header). */
  body?: BodyInit;
  headers?: Record<string, string>;
}

export interface ApiResult<T = any> {
  status: number;
  /** Parsed JSON, else the text (null for an empty body). */
  body: T;
  headers: Headers;
}

/** Calls `${TEST_SUPABASE_URL}/functions/v1/api${path}`. */
export async function api<T = any>(path: string, opts: ApiOptions = {}): Promise<ApiResult<T>> {
  const { apiUrl } = readStack();
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined = opts.body;
  if (opts.json !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    body = opts.form;
  }
  const method = opts.method ?? (body !== undefined ? "POST" : "GET");
  const res = await fetch(`${apiUrl}${path.startsWith("/") ? path : `/${path}`}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text === "" ? null : text;
  if (text !== "") {
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep the text
    }
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

let sqlClient: postgres.Sql | null = null;

/** Superuser SQL on TEST_DB_URL (bypasses RLS) for arranging and checking rows. */
export function testSql(): postgres.Sql {
  if (!sqlClient) {
    sqlClient = postgres(readStack().dbUrl, { max: 2, idle_timeout: 5, onnotice: () => {} });
  }
  return sqlClient;
}

export async function closeTestSql(): Promise<void> {
  const c = sqlClient;
  sqlClient = null;
  if (c) await c.end({ timeout: 5 });
}

let seq = 0;
/** A fresh valid username (letters, digits, underscore; ≤ 50 chars). */
export function uniqueUsername(prefix = "u"): string {
  seq += 1;
  const rand = Math.random().toString(36).slice(2, 8);
  return `${prefix}_${Date.now().toString(36)}${seq}${rand}`.replace(/[^A-Za-z0-9_]/g, "").slice(0, 50);
}

export interface TestUser {
  user: User;
  session: Session;
  token: string;
  /** `{ Authorization: "Bearer …" }` */
  headers: Record<string, string>;
  username: string;
  email: string | null;
  password: string;
}

export interface MemberInput {
  username?: string;
  email?: string;
  password?: string;
  displayName?: string;
}

function toTestUser(body: { user: User; session: Session }, password: string): TestUser {
  const token = body.session.access_token;
  return {
    user: body.user,
    session: body.session,
    token,
    headers: { Authorization: `Bearer ${token}` },
    username: body.user.username,
    email: body.user.email,
    password,
  };
}

/** Registers a member through POST /auth/register. */
export async function createMember(overrides: MemberInput = {}): Promise<TestUser> {
  const username = overrides.username ?? uniqueUsername();
  const email = overrides.email ?? `${username.toLowerCase()}@example.com`;
  const password = overrides.password ?? "password123";
  const json: Record<string, string> = { username, email, password };
  if (overrides.displayName !== undefined) json.displayName = overrides.displayName;
  const res = await api("/auth/register", { json });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return toTestUser(res.body, password);
}

/** Starts a guest session through POST /auth/guest. */
export async function createGuest(): Promise<TestUser> {
  const res = await api("/auth/guest", { method: "POST" });
  if (res.status !== 200) throw new Error(`guest failed: ${res.status} ${JSON.stringify(res.body)}`);
  return toTestUser(res.body, "");
}

/** Registers a member, then sets profiles.is_admin = true with SQL. */
export async function createAdmin(overrides: MemberInput = {}): Promise<TestUser> {
  const member = await createMember({ username: overrides.username ?? uniqueUsername("admin"), ...overrides });
  await testSql()`update public.profiles set is_admin = true where id = ${member.user.id}`;
  return { ...member, user: { ...member.user, isAdmin: 1 } };
}

/** Logs in through POST /auth/login. */
export async function login(username: string, password: string): Promise<TestUser> {
  const res = await api("/auth/login", { json: { username, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return toTestUser(res.body, password);
}

/** Puts `user` on plan `planId`, active, with SQL. */
export async function setPlan(user: TestUser, planId: string): Promise<void> {
  await testSql()`update public.subscriptions set plan_id = ${planId}, status = 'active' where user_id = ${user.user.id}`;
}
