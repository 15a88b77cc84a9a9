// Conformance of the local /auth/v1 stand-in, driven by the official @supabase/supabase-js client.
import { randomUUID } from "node:crypto";
import { AuthApiError, type SupabaseClient } from "@supabase/supabase-js";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { readStack } from "../helpers/stack.ts";
import { stackClient } from "../helpers/supabase-client.ts";

const stack = readStack();
const sql = postgres(stack.dbUrl, { max: 2, onnotice: () => {} });
const clients: SupabaseClient[] = [];

function client(key = stack.anonKey) {
  return stackClient(clients, key);
}

const email = () => `standin-${randomUUID().slice(0, 8)}@example.com`;
const username = () => `standin_${randomUUID().slice(0, 8)}`;

afterAll(async () => {
  await Promise.all(clients.map((c) => c.auth.stopAutoRefresh()));
  await sql.end();
});

describe("auth stand-in with supabase-js", () => {
  it("signUp with autoconfirm returns a session and stores user metadata", async () => {
    const addr = email();
    const name = username();
    const { data, error } = await client().auth.signUp({
      email: addr,
      password: "password123",
      options: { data: { username: name, display_name: "표준 사용자" } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.user?.email).toBe(addr);
    expect(data.user?.user_metadata).toMatchObject({ username: name, display_name: "표준 사용자" });
    expect(data.user?.is_anonymous).toBe(false);
    const [row] = await sql`select raw_user_meta_data, encrypted_password, email_confirmed_at from auth.users where id = ${data.user!.id}`;
    expect(row.raw_user_meta_data.username).toBe(name);
    expect(row.encrypted_password).toMatch(/^\$2[ab]\$/);
    expect(row.email_confirmed_at).not.toBeNull();
  });

  it("refuses a second signUp with the same email", async () => {
    const addr = email();
    await client().auth.signUp({ email: addr, password: "password123", options: { data: { username: username() } } });
    const { error } = await client().auth.signUp({ email: addr, password: "password123", options: { data: { username: username() } } });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("user_already_exists");
  });

  it("signInWithPassword succeeds with the right password and reports invalid_credentials otherwise", async () => {
    const addr = email();
    await client().auth.signUp({ email: addr, password: "password123", options: { data: { username: username() } } });

    const ok = await client().auth.signInWithPassword({ email: addr, password: "password123" });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.access_token).toBeTruthy();
    expect(ok.data.user?.email).toBe(addr);
    const [row] = await sql`select last_sign_in_at from auth.users where id = ${ok.data.user!.id}`;
    expect(row.last_sign_in_at).not.toBeNull();

    const bad = await client().auth.signInWithPassword({ email: addr, password: "wrong-password" });
    expect(bad.data.session).toBeNull();
    expect(bad.error).toBeInstanceOf(AuthApiError);
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe("invalid_credentials");
    expect(bad.error?.message).toBe("Invalid login credentials");
  });

  it("signInAnonymously creates an anonymous user with a session", async () => {
    const { data, error } = await client().auth.signInAnonymously();
    expect(error).toBeNull();
    expect(data.user?.is_anonymous).toBe(true);
    expect(data.user?.email ?? "").toBe("");
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split(".")[1], "base64url").toString());
    expect(claims).toMatchObject({ aud: "authenticated", role: "authenticated", is_anonymous: true, sub: data.user!.id });
    expect(claims.session_id).toBeTruthy();
    expect(claims.amr[0].method).toBe("anonymous");
  });

  it("setSession installs a session and getUser returns the user", async () => {
    const signUp = await client().auth.signUp({ email: email(), password: "password123", options: { data: { username: username() } } });
    const session = signUp.data.session!;
    const other = client();
    const set = await other.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    expect(set.error).toBeNull();
    expect(set.data.user?.id).toBe(signUp.data.user!.id);
    const { data, error } = await other.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(signUp.data.user!.id);
  });

  it("refreshSession rotates the refresh token and the old one is refused once the reuse window has passed", async () => {
    const c = client();
    const signUp = await c.auth.signUp({ email: email(), password: "password123", options: { data: { username: username() } } });
    const first = signUp.data.session!;
    const refreshed = await c.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).toBeTruthy();
    expect((await c.auth.getUser(second.access_token)).data.user?.id).toBe(signUp.data.user!.id);

    const replay = await client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(replay.error).toBeNull();

    await sql`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = ${first.refresh_token}`;
    const late = await client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(late.error).toBeInstanceOf(AuthApiError);
    expect(late.error?.code).toBe("refresh_token_already_used");

    const unknown = await client().auth.refreshSession({ refresh_token: "not-a-real-token" });
    expect(unknown.error?.code).toBe("refresh_token_not_found");
  });

  it("signOut revokes the session so the old access token is refused", async () => {
    const c = client();
    const signUp = await c.auth.signUp({ email: email(), password: "password123", options: { data: { username: username() } } });
    const token = signUp.data.session!.access_token;
    expect((await c.auth.getUser(token)).error).toBeNull();
    const out = await c.auth.signOut();
    expect(out.error).toBeNull();
    const after = await client().auth.getUser(token);
    expect(after.data.user).toBeNull();
    expect(after.error).toBeTruthy();
    const res = await fetch(`${stack.supabaseUrl}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${token}`, "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(await res.json()).toMatchObject({ code: "session_not_found" });
    const refresh = await client().auth.refreshSession({ refresh_token: signUp.data.session!.refresh_token });
    expect(refresh.error).toBeTruthy();
  });

  it("admin.deleteUser works with the service role key and is refused with the anon key", async () => {
    const signUp = await client().auth.signUp({ email: email(), password: "password123", options: { data: { username: username() } } });
    const id = signUp.data.user!.id;

    const denied = await client(stack.anonKey).auth.admin.deleteUser(id);
    expect(denied.error).toBeInstanceOf(AuthApiError);
    expect(denied.error?.status).toBe(403);
    expect(denied.error?.code).toBe("not_admin");

    const admin = client(stack.serviceRoleKey);
    const fetched = await admin.auth.admin.getUserById(id);
    expect(fetched.data.user?.id).toBe(id);
    const deleted = await admin.auth.admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    expect((await sql`select 1 from auth.users where id = ${id}`).length).toBe(0);

    const missing = await admin.auth.admin.getUserById(id);
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe("user_not_found");
  });

  it("answers CORS preflights, exposes the API version header and rejects malformed input with 4xx", async () => {
    const res = await fetch(`${stack.supabaseUrl}/auth/v1/token?grant_type=password`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://example.test",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, x-client-info, apikey, content-type, x-supabase-api-version",
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-headers")).toContain("x-supabase-api-version");
    const post = await fetch(`${stack.supabaseUrl}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { Origin: "http://example.test", "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(post.status).toBe(400);
    expect(post.headers.get("access-control-expose-headers")).toMatch(/X-Supabase-Api-Version/i);
    const typed = await fetch(`${stack.supabaseUrl}/auth/v1/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
      body: JSON.stringify({ email: 42, password: "password123" }),
    });
    expect(typed.status).toBe(400);
    expect(await typed.json()).toMatchObject({ code: "bad_json" });
    const admin = await fetch(`${stack.supabaseUrl}/auth/v1/admin/users/%E0%A4%A`, {
      headers: { Authorization: `Bearer ${stack.serviceRoleKey}`, "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(admin.status).toBe(404);
  });
});
