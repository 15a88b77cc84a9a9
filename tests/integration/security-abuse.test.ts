// Abuse limits against the real stack:
//  - the plan IN FORCE (status active/trial, end_date not passed) decides every limit;
//  - free gradings are bounded per client address and per device token per day, however the
//     account was made (guests signed in straight through GoTrue included);
//  - the client address is the X-Forwarded-For entry our proxies added (the test stack trusts two
//     hops, tests/fakes/index.ts): rotating or loopback entries on the left change nothing.
import { afterAll, describe, expect, it } from "vitest";
import { api, closeTestSql, createGuest, createMember, testSql, type TestUser } from "../helpers/users.ts";
import { readStack } from "../helpers/stack.ts";
import { fileOf, KOREAN_ESSAY, makeDocx, utf8 } from "../helpers/files.ts";

const sql = () => testSql();
const RATE_LIMIT = 1000; // the test stack's rate limits (tests/fakes/index.ts)
const FREE_PER_DAY = 100000; // FREE_USES_PER_ADDRESS_PER_DAY / _PER_DEVICE_PER_DAY of the test stack

let seq = 0;
/** A fresh documentation-range address, so counters never collide between tests. */
function addr(): string {
  seq += 1;
  return `203.0.113.${(seq % 250) + 1}-${Date.now().toString(36)}${seq}`;
}

afterAll(async () => {
  await closeTestSql();
});

async function newSession(user: TestUser, headers: Record<string, string> = {}): Promise<any> {
  const form = new FormData();
  form.append("promptFile", fileOf(await makeDocx(), "논술문제.docx"));
  const res = await api("/sessions", { token: user.token, form, headers });
  expect(res.status).toBe(201);
  return res.body;
}

function typed(user: TestUser, sessionId: string, headers: Record<string, string> = {}) {
  return api(`/sessions/${sessionId}/submissions`, {
    token: user.token,
    headers,
    json: { essayContent: KOREAN_ESSAY, studentName: "홍길동", studentId: "20240101" },
  });
}

function batchForm(count: number): FormData {
  const form = new FormData();
  for (let i = 0; i < count; i++) form.append("files", fileOf(utf8(`${KOREAN_ESSAY} (${i})`), `학생_${20240101 + i}.txt`));
  return form;
}

async function setSubscription(user: TestUser, planId: string, status: string, endDate: string | null) {
  await sql()`
    update public.subscriptions
       set plan_id = ${planId}, status = ${status}, end_date = ${endDate}::timestamptz
     where user_id = ${user.user.id}`;
}

async function setUsed(user: TestUser, used: number) {
  await sql()`select private.ensure_current_usage(${user.user.id}::uuid)`;
  await sql()`
    update public.usage_tracking set essay_count = ${used}
     where user_id = ${user.user.id} and period_start = (private.current_period()).period_start`;
}

describe("the plan in force decides the limits", () => {
  const past = new Date(Date.now() - 86_400_000).toISOString();
  const future = new Date(Date.now() + 30 * 86_400_000).toISOString();

  /** A member on the educator plan in `status` until `endDate`, a session of theirs, and its batch upload of 2 answers. */
  async function educatorBatchUpload(status: string, endDate: string | null) {
    const teacher = await createMember();
    await setSubscription(teacher, "educator", status, endDate);
    const s = await newSession(teacher);
    const up = await api(`/sessions/${s.id}/batch-upload`, { token: teacher.token, form: batchForm(2) });
    return { teacher, s, up };
  }

  it("an educator plan whose end_date has passed gives trial limits everywhere", async () => {
    const { teacher, s, up } = await educatorBatchUpload("active", past);
    expect(up.status).toBe(403);
    expect(up.body.batchNotAllowed).toBe(true);
    const start = await api(`/sessions/${s.id}/start-batch`, { method: "POST", token: teacher.token });
    expect(start.status).toBe(403);
    expect(start.body.batchNotAllowed).toBe(true);

    const usage = await api("/usage/status", { token: teacher.token });
    expect(usage.body.plan.id).toBe("trial");
    expect(usage.body.usage.limit).toBe(10);
    const status = await api("/subscription/status", { token: teacher.token });
    expect(status.body.plan.id).toBe("trial");
    expect(status.body.usage.limit).toBe(10);
    expect(status.body.subscription.endDate).not.toBeNull();

    // The monthly limit is the trial's 10, not the educator's 500.
    await setUsed(teacher, 10);
    const over = await typed(teacher, s.id);
    expect(over.status).toBe(403);
    expect(over.body.usageExceeded).toBe(true);
    expect(over.body.usageInfo).toMatchObject({ limit: 10, planId: "trial" });
    const [snap] = await sql()`select private.usage_snapshot(${teacher.user.id}::uuid) as s`;
    expect(snap.s).toMatchObject({ planId: "trial", limit: 10 });
  });

  for (const status of ["canceled", "expired"]) {
    it(`a ${status} educator subscription gives trial limits`, async () => {
      const { teacher, s, up } = await educatorBatchUpload(status, null);
      expect(up.status).toBe(403);
      expect(up.body.batchNotAllowed).toBe(true);
      const usage = await api("/usage/status", { token: teacher.token });
      expect(usage.body).toMatchObject({ plan: { id: "trial" }, usage: { limit: 10 } });
      await setUsed(teacher, 10);
      const over = await typed(teacher, s.id);
      expect(over.status).toBe(403);
      expect(over.body.usageInfo).toMatchObject({ limit: 10 });
    });
  }

  it("an active educator plan within its period keeps its limits", async () => {
    const { teacher, up } = await educatorBatchUpload("active", future);
    expect(up.status).toBe(201);
    const usage = await api("/usage/status", { token: teacher.token });
    expect(usage.body).toMatchObject({ plan: { id: "educator" }, usage: { limit: 500 } });
  });
});

async function fillFree(identifier: string, type: "ip" | "device", count = FREE_PER_DAY - 1) {
  await sql()`
    insert into private.free_use_counters (identifier, type, day, count)
    values (${identifier}, ${type}, (now() at time zone 'Asia/Seoul')::date, ${count})
    on conflict (identifier, type, day) do update set count = excluded.count`;
}

async function freeCount(identifier: string, type: "ip" | "device"): Promise<number> {
  const [row] = await sql()`
    select count from private.free_use_counters
     where identifier = ${identifier} and type = ${type} and day = (now() at time zone 'Asia/Seoul')::date`;
  return row?.count ?? 0;
}

/** A guest made straight through GoTrue (POST /auth/v1/signup with {}), skipping /api/auth/guest. */
async function directGuest(): Promise<TestUser> {
  const { supabaseUrl, anonKey } = readStack();
  const res = await fetch(`${supabaseUrl}/auth/v1/signup`, {
    method: "POST",
    headers: { apikey: anonKey, "Content-Type": "application/json" },
    body: "{}",
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  const token = body.access_token;
  return { token, user: { id: body.user.id }, headers: { Authorization: `Bearer ${token}` } } as unknown as TestUser;
}

describe("free gradings per client address and device", () => {
  it("counts guest uses per address and refuses them past the day's budget, in Korean", async () => {
    const a = addr();
    const guest = await directGuest();
    const s = await newSession(guest, { "X-Forwarded-For": a });
    await fillFree(a, "ip");
    const first = await typed(guest, s.id, { "X-Forwarded-For": a });
    expect(first.status).toBe(201);
    expect(await freeCount(a, "ip")).toBe(FREE_PER_DAY);

    const second = await typed(guest, s.id, { "X-Forwarded-For": a });
    expect(second.status).toBe(429);
    expect(second.body.usageExceeded).toBe(true);
    expect(second.body.freeLimitReached).toBe("address");
    expect(second.body.error).toBe(
      "이 네트워크에서 오늘 사용할 수 있는 무료 첨삭 횟수를 모두 사용했습니다. 회원가입 후 플랜을 선택하거나 내일 다시 시도해 주세요.",
    );
    const [p] = await sql()`select guest_usage_count from public.profiles where id = ${guest.user.id}`;
    expect(p.guest_usage_count).toBe(1);
    expect(await freeCount(a, "ip")).toBe(FREE_PER_DAY);

    // Another guest (made through the API this time) from the same address is refused too.
    const other = await createGuest();
    const s2 = await newSession(other, { "X-Forwarded-For": a });
    expect((await typed(other, s2.id, { "X-Forwarded-For": a })).status).toBe(429);
    // …while the same guest from another address still has its free uses.
    expect((await typed(other, s2.id, { "X-Forwarded-For": addr() })).status).toBe(201);
  });

  it("counts trial members' uses per device token, and leaves paid plans alone", async () => {
    const device = `dev-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    const a = addr();
    const trial = await createMember();
    const s = await newSession(trial);
    const ok = await typed(trial, s.id, { "X-Forwarded-For": a, "X-Device-Id": device });
    expect(ok.status).toBe(201);
    expect(await freeCount(a, "ip")).toBe(1);
    expect(await freeCount(device, "device")).toBe(1);

    await fillFree(device, "device", FREE_PER_DAY);
    const refused = await typed(trial, s.id, { "X-Forwarded-For": addr(), "X-Device-Id": device });
    expect(refused.status).toBe(429);
    expect(refused.body.freeLimitReached).toBe("device");
    expect(refused.body.error).toContain("이 기기에서 오늘 사용할 수 있는 무료 첨삭 횟수를 모두 사용했습니다");
    expect(refused.body.usageInfo).toMatchObject({ planId: "trial", isGuest: false });

    // A paid plan in force is not a free use: a full address and device do not stop it.
    const paid = await createMember();
    await sql()`update public.subscriptions set plan_id = 'individual', status = 'active', end_date = null
                 where user_id = ${paid.user.id}`;
    const full = addr();
    await fillFree(full, "ip", FREE_PER_DAY);
    const ps = await newSession(paid);
    const paidRes = await typed(paid, ps.id, { "X-Forwarded-For": full, "X-Device-Id": device });
    expect(paidRes.status).toBe(201);
    expect(await freeCount(full, "ip")).toBe(FREE_PER_DAY);
  });

  it("never lets concurrent reservations pass the address budget", async () => {
    const a = addr();
    await fillFree(a, "ip", FREE_PER_DAY - 2);
    const guests = await Promise.all([createGuest(), createGuest(), createGuest(), createGuest()]);
    const sessions = await Promise.all(guests.map((g) => newSession(g)));
    const results = await Promise.all(guests.map((g, i) => typed(g, sessions[i].id, { "X-Forwarded-For": a })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 429, 429]);
    expect(await freeCount(a, "ip")).toBe(FREE_PER_DAY);
  });
});

async function fillWindow(identifier: string, action: string) {
  await sql()`
    insert into public.rate_limits (identifier, type, action, count, window_start, reset_at)
    values (${identifier}, 'ip', ${action}, ${RATE_LIMIT}, now(), now() + interval '1 hour')
    on conflict (identifier, type, action) do update set count = ${RATE_LIMIT}, reset_at = now() + interval '1 hour'`;
}

describe("the client address comes from our proxies' X-Forwarded-For entries", () => {
  it("rotating the leftmost entries does not reset the login or guest limits", async () => {
    const a = addr();
    await fillWindow(a, "login");
    await fillWindow(a, "guest_create");
    for (let i = 1; i <= 3; i++) {
      const forged = `10.${i}.${i}.${i}, 192.0.2.${i}`;
      const login = await api("/auth/login", {
        headers: { "X-Forwarded-For": `${forged}, ${a}` },
        json: { username: "nobody_here", password: `guess${i}` },
      });
      expect(login.status).toBe(429);
      expect(login.body.error).toContain("로그인 시도가 너무 많습니다");
      const guest = await api("/auth/guest", { method: "POST", headers: { "X-Forwarded-For": `${forged}, ${a}` } });
      expect(guest.status).toBe(429);
    }
    const [row] = await sql()`select count from public.rate_limits where identifier = ${a} and action = 'login'`;
    expect(row.count).toBe(RATE_LIMIT + 3);
  });

  it("a loopback entry in the header is no exemption", async () => {
    const a = addr();
    await fillWindow(a, "guest_create");
    const res = await api("/auth/guest", { method: "POST", headers: { "X-Forwarded-For": `127.0.0.1, ${a}` } });
    expect(res.status).toBe(429);
    expect(res.body.requiresCaptcha).toBe(true);
    const loop = await api("/auth/guest", { method: "POST", headers: { "X-Forwarded-For": `::1, 127.0.0.1, ${a}` } });
    expect(loop.status).toBe(429);
  });
});
