// Account lifecycle: password recovery through the stand-in's Auth (/recover mails a link to the local
// mailbox, /verify signs in and redirects), and 회원 탈퇴 (POST /account/delete) leaving nothing behind.
import { afterAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createGuest, createMember, login, testSql, type TestUser } from "../helpers/users.ts";
import { expectApiError } from "../helpers/expect-api.ts";
import { readStack } from "../helpers/stack.ts";
import { NOTHING_LEFT, rowsLeftOf, seedGradedEssay } from "../helpers/grading.ts";

afterAll(async () => {
  await closeTestSql();
});

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function mailsTo(address: string): Promise<Mail[]> {
  const res = await fetch(`${readStack().supabaseUrl}/mailbox.json`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Mail[]).filter((m) => m.to === address);
}

function recover(email: string, redirectTo?: string) {
  const { supabaseUrl, anonKey } = readStack();
  const query = redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : "";
  return fetch(`${supabaseUrl}/auth/v1/recover${query}`, {
    method: "POST",
    headers: { apikey: anonKey, "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
}

describe("password recovery (stand-in Auth)", () => {
  it("mails a one-time link that signs in with type=recovery, and the new password works", async () => {
    const member = await createMember();
    const site = "http://127.0.0.1:5173/reset-password";
    const res = await recover(member.email!, site);
    expect(res.status).toBe(200);

    const mails = await mailsTo(member.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("비밀번호 재설정 안내");
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mails[0].text)?.[0];
    expect(link).toBeTruthy();

    const verify = await fetch(link!, { redirect: "manual" });
    expect(verify.status).toBe(303);
    const location = new URL(verify.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(site);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("recovery");
    const accessToken = fragment.get("access_token")!;
    expect(accessToken).toBeTruthy();

    // the link works once
    const again = await fetch(link!, { redirect: "manual" });
    expect(new URLSearchParams(new URL(again.headers.get("location")!).hash.slice(1)).get("error_code")).toBe("otp_expired");

    const { supabaseUrl, anonKey } = readStack();
    const put = await fetch(`${supabaseUrl}/auth/v1/user`, {
      method: "PUT",
      headers: { apikey: anonKey, Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ password: "brand-new-pass" }),
    });
    expect(put.status).toBe(200);
    expect((await api("/auth/login", { json: { username: member.username, password: member.password } })).status).toBe(401);
    const relogged = await login(member.username, "brand-new-pass");
    expect(relogged.user.id).toBe(member.user.id);
  });

  it("answers the same for an unknown address and mails nothing; a foreign redirect falls back to the site", async () => {
    const res = await recover("nobody-here@example.com");
    expect(res.status).toBe(200);
    expect(await mailsTo("nobody-here@example.com")).toHaveLength(0);

    const member = await createMember();
    expect((await recover(member.email!, "https://evil.example/steal")).status).toBe(200);
    const [mail] = await mailsTo(member.email!);
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)![0];
    const verify = await fetch(link, { redirect: "manual" });
    expect(new URL(verify.headers.get("location")!).hostname).not.toBe("evil.example");
    // a second mail within the interval is refused
    expect((await recover(member.email!)).status).toBe(429);
  });

  it("refuses a forged or wrong-type token", async () => {
    const { supabaseUrl } = readStack();
    const res = await fetch(`${supabaseUrl}/auth/v1/verify?token=${"a".repeat(48)}&type=recovery`, { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toContain("error_code=otp_expired");
    expect(res.headers.get("location")).not.toContain("access_token");
  });
});

describe("회원 탈퇴 POST /account/delete", () => {
  const deleteAccount = (json: object, user?: TestUser) => api("/account/delete", { token: user?.token, json });

  it("refuses a wrong or missing password and keeps the account", async () => {
    const member = await createMember();
    expectApiError(await deleteAccount({ password: "not-my-password" }, member), 403, "비밀번호가 올바르지 않습니다.");
    const missing = await deleteAccount({}, member);
    expect(missing.status).toBe(400);
    expect((await deleteAccount({ password: "x" })).status).toBe(401);
    expect(await testSql()`select 1 from public.profiles where id = ${member.user.id}`).toHaveLength(1);
  });

  it("refuses a guest (no password to re-enter)", async () => {
    const guest = await createGuest();
    const res = await deleteAccount({ password: "anything" }, guest);
    expect(res.status).toBe(403);
  });

  it("deletes the account with every row and stored file after the password", async () => {
    const member = await createMember();
    const id = member.user.id;
    const { submissionId } = await seedGradedEssay(id);

    const res = await deleteAccount({ password: member.password }, member);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toContain("회원 탈퇴");

    expect(await rowsLeftOf(id, submissionId)).toEqual(NOTHING_LEFT);
    expect((await api("/auth/me", { token: member.token })).status).toBe(401);
    expect((await api("/auth/login", { json: { username: member.username, password: member.password } })).status).toBe(401);
  });
});

describe("회원가입하고 계속하기 POST /auth/convert", () => {
  it("turns the guest into a member in place: same id, sessions and results kept, login by username works", async () => {
    const guest = await createGuest();
    const id = guest.user.id;
    const sql = testSql();
    const [session] = await sql`insert into public.analysis_sessions (user_id, prompt_content) values (${id}, '게스트 문제') returning id`;
    await sql`update public.profiles set guest_usage_count = 3 where id = ${id}`;
    const username = `conv_${Date.now().toString(36)}`;
    const email = `${username}@example.com`;

    const res = await api("/auth/convert", {
      token: guest.token,
      json: { username, email, password: "convert123", displayName: "전환 선생님" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ id, username, email, isGuest: 0, displayName: "전환 선생님" });
    expect(res.body.session.access_token).toBeTruthy();

    const member = await login(username, "convert123");
    expect(member.user.id).toBe(id);
    const sessions = await api("/sessions", { token: member.token });
    expect(sessions.status).toBe(200);
    expect(JSON.stringify(sessions.body)).toContain(session.id);
    const usage = await api("/usage/status", { token: member.token });
    expect(usage.body.plan.id).toBe("trial");
    const [user] = await sql`select is_anonymous from auth.users where id = ${id}`;
    expect(user.is_anonymous).toBe(false);
  });

  it("validates like register and refuses members, taken names and taken emails", async () => {
    const guest = await createGuest();
    const taken = await createMember();
    const base = {
      username: `conv2_${Date.now().toString(36)}`,
      email: `conv2_${Date.now().toString(36)}@example.com`,
      password: "convert123",
    };
    expect((await api("/auth/convert", { token: guest.token, json: { ...base, username: "a!" } })).status).toBe(400);
    expect((await api("/auth/convert", { token: guest.token, json: { ...base, password: "123" } })).status).toBe(400);
    expect((await api("/auth/convert", { token: guest.token, json: { ...base, username: taken.username.toUpperCase() } })).status).toBe(
      409,
    );
    expect((await api("/auth/convert", { token: guest.token, json: { ...base, email: taken.email } })).status).toBe(409);
    expect((await api("/auth/convert", { token: taken.token, json: base })).status).toBe(409);
    expect((await api("/auth/convert", { json: base })).status).toBe(401);
    const [profile] = await testSql()`select is_guest, email from public.profiles where id = ${guest.user.id}`;
    expect(profile).toEqual({ is_guest: true, email: null });
  });
});

describe("계정 설정: display name and email", () => {
  it("saves, cleans and clears the display name; refuses a too long one", async () => {
    const member = await createMember();
    const saved = await api("/account/profile", { method: "PATCH", token: member.token, json: { displayName: "  김 선생님  " } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.user.displayName).toBe("김 선생님");
    const cleared = await api("/account/profile", { method: "PATCH", token: member.token, json: { displayName: "" } });
    expect(cleared.body.user.displayName).toBeNull();
    const long = await api("/account/profile", { method: "PATCH", token: member.token, json: { displayName: "가".repeat(101) } });
    expect(long.status).toBe(400);
    expect((await api("/account/profile", { method: "PATCH", json: { displayName: "x" } })).status).toBe(401);
  });

  it("an email changed through Auth reaches the profile; login by username keeps working; a taken email is refused", async () => {
    const member = await createMember();
    const other = await createMember();
    const { supabaseUrl, anonKey } = readStack();
    const put = (email: string) =>
      fetch(`${supabaseUrl}/auth/v1/user`, {
        method: "PUT",
        headers: { apikey: anonKey, Authorization: `Bearer ${member.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
    const taken = await put(other.email!);
    expect(taken.status).toBe(422);
    expect((await taken.json()).code).toBe("email_exists");

    const fresh = `new_${member.username.toLowerCase()}@example.com`;
    expect((await put(fresh)).status).toBe(200);
    const me = await api("/auth/me", { token: member.token });
    expect(me.body.email).toBe(fresh);
    expect((await login(member.username, member.password)).user.id).toBe(member.user.id);
  });
});
