// Rate limits on sign-ups, logins and guest starts (per IP) and session creation (per account):
// over the limit → 429 with a Korean message and requiresCaptcha, and an abuse_tracking record.
import { afterAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createMember, testSql, uniqueUsername } from "../helpers/users.ts";

const LIMIT = 1000; // the test stack's limits (tests/fakes/index.ts)

/** A documentation-range address per test, so counters never collide. */
function ip(): string {
  return `198.51.100.${Math.floor(Math.random() * 250) + 1}-${Date.now()}`;
}

async function fillWindow(identifier: string, type: "ip" | "user", action: string) {
  await testSql()`
    insert into public.rate_limits (identifier, type, action, count, window_start, reset_at)
    values (${identifier}, ${type}, ${action}, ${LIMIT}, now(), now() + interval '1 hour')
    on conflict (identifier, type, action) do update set count = ${LIMIT}, reset_at = now() + interval '1 hour'`;
}

afterAll(async () => {
  await closeTestSql();
});

describe("rate limits", () => {
  it("turns away guest starts from an address over its limit, and records it", async () => {
    const addr = ip();
    const ok = await api("/auth/guest", { method: "POST", headers: { "X-Forwarded-For": addr } });
    expect(ok.status).toBe(200);
    const [row] = await testSql()`select count from public.rate_limits where identifier = ${addr} and action = 'guest_create'`;
    expect(row.count).toBe(1);

    await fillWindow(addr, "ip", "guest_create");
    const before = await testSql()`select count(*)::int as n from public.profiles where is_guest`;
    const refused = await api("/auth/guest", { method: "POST", headers: { "X-Forwarded-For": addr } });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toContain("게스트 시작 요청이 너무 많습니다");
    expect(refused.body.requiresCaptcha).toBe(true);
    expect(refused.body.retryAfter).toBeGreaterThan(0);
    const after = await testSql()`select count(*)::int as n from public.profiles where is_guest`;
    expect(after[0].n).toBe(before[0].n);
    const [abuse] = await testSql()`
      select event_type, action_taken from public.abuse_tracking where ip_address = ${addr} order by detected_at desc limit 1`;
    expect(abuse).toEqual({ event_type: "rate_limit", action_taken: "blocked" });

    const elsewhere = await api("/auth/guest", { method: "POST", headers: { "X-Forwarded-For": ip() } });
    expect(elsewhere.status).toBe(200);
  });

  // Behaviour changed: there is no loopback exemption any more, and a
  // loopback entry sent by the client in X-Forwarded-For is ignored like any other client entry.
  it("exempts no request because of a loopback address in the header", async () => {
    const addr = ip();
    await fillWindow(addr, "ip", "guest_create");
    const res = await api("/auth/guest", { method: "POST", headers: { "X-Forwarded-For": `127.0.0.1, ${addr}` } });
    expect(res.status).toBe(429);
  });

  it("starts a fresh window once the old one has passed", async () => {
    const addr = ip();
    await fillWindow(addr, "ip", "guest_create");
    await testSql()`update public.rate_limits set reset_at = now() - interval '1 second' where identifier = ${addr}`;
    const res = await api("/auth/guest", { method: "POST", headers: { "X-Forwarded-For": addr } });
    expect(res.status).toBe(200);
    const [row] = await testSql()`select count from public.rate_limits where identifier = ${addr} and action = 'guest_create'`;
    expect(row.count).toBe(1);
  });

  it("limits sign-ups and login attempts per address, creating nothing", async () => {
    const addr = ip();
    await fillWindow(addr, "ip", "register");
    const username = uniqueUsername();
    const reg = await api("/auth/register", {
      headers: { "X-Forwarded-For": addr },
      json: { username, email: `${username}@example.com`, password: "password1" },
    });
    expect(reg.status).toBe(429);
    expect(reg.body.error).toContain("회원가입 요청이 너무 많습니다");
    const [{ n }] = await testSql()`select count(*)::int as n from public.profiles where username = ${username}`;
    expect(n).toBe(0);

    await fillWindow(addr, "ip", "login");
    const login = await api("/auth/login", { headers: { "X-Forwarded-For": addr }, json: { username, password: "x" } });
    expect(login.status).toBe(429);
    expect(login.body.error).toContain("로그인 시도가 너무 많습니다");
  });

  it("asks for a check (requiresCaptcha) when one account creates too many sessions", async () => {
    const member = await createMember();
    await fillWindow(member.user.id, "user", "session_create");
    const form = new FormData();
    form.append("promptFile", new File(["다음 주제에 대해 논술하시오: 학교의 스마트폰 사용 제한"], "문제.txt", { type: "text/plain" }));
    const res = await api("/sessions", { token: member.token, form });
    expect(res.status).toBe(429);
    expect(res.body.requiresCaptcha).toBe(true);
    expect(res.body.error).toContain("안전한 서비스 이용을 위해 간단한 확인이 필요합니다");
    const list = await api("/sessions", { token: member.token });
    expect(list.body).toEqual([]);
  });
});
