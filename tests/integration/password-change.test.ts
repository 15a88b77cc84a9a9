// Changing the password needs the current one. Auth's secure password change (config.toml
// secure_password_change = true): PUT /auth/v1/user with a password is refused for a session signed in
// more than 24 hours ago unless it carries the nonce GET /auth/v1/reauthenticate mailed, and
// (require_current_password = true) without `current_password` even from a fresh session; our API's
// POST /account/password checks the current password, sets the new one and hands back a fresh session
// (a new password ends the user's sessions). Recovery links still set a new password.
import { afterAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createGuest, createMember, login, testSql, type TestUser } from "../helpers/users.ts";
import { expectApiError } from "../helpers/expect-api.ts";
import { readStack } from "../helpers/stack.ts";

afterAll(async () => {
  await closeTestSql();
});

function putUser(token: string, body: Record<string, unknown>) {
  const { supabaseUrl, anonKey } = readStack();
  return fetch(`${supabaseUrl}/auth/v1/user`, {
    method: "PUT",
    headers: { apikey: anonKey, Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Makes the member's sessions look signed in two days ago (a stolen, long-lived session). */
async function ageSessions(member: TestUser) {
  await testSql()`update auth.sessions set created_at = now() - interval '2 days' where user_id = ${member.user.id}`;
}

async function loginStatus(username: string, password: string) {
  return (await api("/auth/login", { json: { username, password } })).status;
}

describe("Auth's PUT /user password change (secure_password_change)", () => {
  it("refuses a password from a session signed in more than 24 hours ago, with reauthentication_needed", async () => {
    const member = await createMember();
    await ageSessions(member);
    const res = await putUser(member.token, { password: "stolen-pass-1" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("reauthentication_needed");
    expect(await loginStatus(member.username, "stolen-pass-1")).toBe(401);
    expect(await loginStatus(member.username, member.password)).toBe(200);
    // other fields still change without a nonce
    expect((await putUser(member.token, { data: { note: "x" } })).status).toBe(200);
  });

  it("wants the current password even from a fresh session (current_password_required / _invalid)", async () => {
    const member = await createMember();
    const bare = await putUser(member.token, { password: "fresh-pass-1" });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { code: string }).code).toBe("current_password_required");
    const wrong = await putUser(member.token, { password: "fresh-pass-1", current_password: "not-mine-1" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { code: string }).code).toBe("current_password_invalid");
    expect(await loginStatus(member.username, "fresh-pass-1")).toBe(401);
    expect((await putUser(member.token, { password: "fresh-pass-1", current_password: member.password })).status).toBe(200);
    expect(await loginStatus(member.username, "fresh-pass-1")).toBe(200);
  });

  it("accepts it with the mailed nonce (once), and the new password ends the other sessions", async () => {
    const member = await createMember();
    const other = await login(member.username, member.password);
    await ageSessions(member);
    const { supabaseUrl, anonKey } = readStack();
    const sent = await fetch(`${supabaseUrl}/auth/v1/reauthenticate`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${member.token}` },
    });
    expect(sent.status).toBe(200);
    const mails = ((await (await fetch(`${supabaseUrl}/mailbox.json`)).json()) as { to: string; text: string }[]).filter(
      (m) => m.to === member.email,
    );
    const nonce = /\b(\d{6})\b/.exec(mails[0]?.text ?? "")?.[1];
    expect(nonce).toBeTruthy();

    const current_password = member.password;
    const wrong = await putUser(member.token, {
      password: "renewed-pass-1",
      current_password,
      nonce: nonce === "000000" ? "000001" : "000000",
    });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { code: string }).code).toBe("reauthentication_not_valid");

    expect((await putUser(member.token, { password: "renewed-pass-1", current_password, nonce })).status).toBe(200);
    expect(await loginStatus(member.username, "renewed-pass-1")).toBe(200);
    expect((await putUser(member.token, { password: "renewed-pass-2", current_password: "renewed-pass-1", nonce })).status).toBe(422);
    // the other device's session ended with the new password; the caller's stays
    expect((await api("/auth/me", { token: other.token })).status).toBe(401);
    expect((await api("/auth/me", { token: member.token })).status).toBe(200);
  });
});

describe("POST /account/password", () => {
  it("refuses a missing or wrong current password and a weak new one, in Korean, changing nothing", async () => {
    const member = await createMember();
    expectApiError(
      await api("/account/password", { token: member.token, json: { newPassword: "next-pass-1" } }),
      400,
      "현재 비밀번호를 입력해 주세요",
    );
    expectApiError(
      await api("/account/password", { token: member.token, json: { currentPassword: "not-mine-1", newPassword: "next-pass-1" } }),
      403,
      "현재 비밀번호가 올바르지 않습니다.",
    );
    expectApiError(
      await api("/account/password", { token: member.token, json: { currentPassword: member.password, newPassword: "abc" } }),
      400,
      "비밀번호는 최소 6자 이상이어야 합니다",
    );
    expectApiError(
      await api("/account/password", { token: member.token, json: { currentPassword: member.password, newPassword: member.password } }),
      400,
      "새 비밀번호는 현재 비밀번호와 달라야 합니다.",
    );
    expect((await api("/account/password", { json: { currentPassword: member.password, newPassword: "next-pass-1" } })).status).toBe(401);
    expect(await loginStatus(member.username, "next-pass-1")).toBe(401);
    expect(await loginStatus(member.username, member.password)).toBe(200);
  });

  it("changes it with the right current password, even from an old session, and answers with a fresh session", async () => {
    const member = await createMember();
    await ageSessions(member);
    const res = await api("/account/password", {
      token: member.token,
      json: { currentPassword: member.password, newPassword: "next-pass-2" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("비밀번호가 변경되었습니다.");
    expect(res.body.session.access_token).toBeTruthy();
    expect((await api("/auth/me", { token: res.body.session.access_token })).status).toBe(200);
    // every earlier session ended with the new password
    expect((await api("/auth/me", { token: member.token })).status).toBe(401);
    expect(await loginStatus(member.username, member.password)).toBe(401);
    expect(await loginStatus(member.username, "next-pass-2")).toBe(200);
  });

  it("refuses a guest, who has no password", async () => {
    const guest = await createGuest();
    expectApiError(
      await api("/account/password", { token: guest.token, json: { currentPassword: "anything", newPassword: "next-pass-3" } }),
      403,
      "게스트 계정은 비밀번호가 없습니다. 회원가입 후 이용해 주세요.",
    );
  });
});
