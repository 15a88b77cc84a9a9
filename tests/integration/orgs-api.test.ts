// Organisations through the API: a member creates one and owns it (guests cannot, one per person), invites
// by link or mail (hashed one-time tokens, 7 days, owner/manager, a full organisation refuses), the link's
// preview and acceptance (expired, revoked, used → 410; another organisation → 409; seats counted with the
// organisation locked), roles, caps, ownership transfer, removal and leaving, and account deletion of an
// owner with members.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectApiError } from "../helpers/expect-api.ts";
import { api, closeTestSql, createAdmin, createGuest, createMember, setPlan, testSql, type TestUser } from "../helpers/users.ts";

afterAll(async () => {
  await closeTestSql();
});

const hex = (s: string) => createHash("sha256").update(s).digest("hex");

async function newOrg(owner: TestUser, name = "해오름 논술학원") {
  const res = await api("/orgs", { token: owner.token, json: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; role: string };
}

async function invite(by: TestUser, orgId: string, json: Record<string, unknown> = { role: "teacher" }) {
  const res = await api(`/orgs/${orgId}/invitations`, { token: by.token, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; token: string; url: string; expiresAt: string; mailed: boolean };
}

async function join(user: TestUser, token: string) {
  const res = await api(`/invitations/${token}/accept`, { token: user.token, method: "POST" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A business-plan owner with an organisation and `n` teachers who joined by link. */
async function orgWithTeachers(n: number) {
  const owner = await createMember();
  await setPlan(owner, "business");
  const org = await newOrg(owner);
  const teachers: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const t = await createMember();
    await join(t, (await invite(owner, org.id)).token);
    teachers.push(t);
  }
  return { owner, org, teachers };
}

describe("creating an organisation", () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createMember();
  });

  it("makes the creator its owner; the switch reads it; a second one is refused", async () => {
    expect((await api("/orgs", { token: owner.token })).body).toEqual({ org: null });
    const org = await newOrg(owner, "  해오름 논술학원  ");
    expect(org).toMatchObject({ name: "해오름 논술학원", role: "owner", seats: { used: 1, max: 1 }, plan: { id: "trial" } });
    expect((await api("/orgs", { token: owner.token })).body).toEqual({ org: { id: org.id, name: "해오름 논술학원", role: "owner" } });
    expectApiError(await api("/orgs", { token: owner.token, json: { name: "두 번째" } }), 409, /이미 기관에 소속/);
  });

  it("refuses guests, anonymous callers and bad names in Korean", async () => {
    const guest = await createGuest();
    expectApiError(await api("/orgs", { token: guest.token, json: { name: "게스트 학원" } }), 403, /게스트는 기관을 만들 수 없습니다/);
    expect((await api("/orgs", { json: { name: "익명" } })).status).toBe(401);
    const m = await createMember();
    expectApiError(await api("/orgs", { token: m.token, json: { name: "   " } }), 400, "기관 이름을 입력해 주세요.");
    expectApiError(await api("/orgs", { token: m.token, json: { name: "가".repeat(51) } }), 400, /50자 이하/);
  });

  it("is read by its members only; others get the same 404 as a missing one", async () => {
    const { owner: o, org, teachers } = await orgWithTeachers(1);
    const asTeacher = await api(`/orgs/${org.id}`, { token: teachers[0].token });
    expect(asTeacher.status).toBe(200);
    expect(asTeacher.body).toMatchObject({
      role: "teacher",
      seats: { used: 2, max: 10 },
      plan: { id: "business", name: "기업" },
      invitations: null,
    });
    expect(asTeacher.body.members.map((m: { role: string }) => m.role)).toEqual(["owner", "teacher"]);
    expect(asTeacher.body.members[0]).toMatchObject({ userId: o.user.id, email: o.email, monthlyCap: null });
    const stranger = await createMember();
    expectApiError(await api(`/orgs/${org.id}`, { token: stranger.token }), 404, "기관을 찾을 수 없습니다.");
    expectApiError(await api(`/orgs/not-a-uuid`, { token: stranger.token }), 404, "기관을 찾을 수 없습니다.");
  });
});

describe("invitations", () => {
  it("are one-time links stored hashed for 7 days, mailed when an address is given", async () => {
    const owner = await createMember();
    await setPlan(owner, "business");
    const org = await newOrg(owner);
    const inv = await invite(owner, org.id, { email: "Teacher.Kim@Example.com", role: "teacher" });
    expect(inv.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(inv.url).toMatch(new RegExp(`/invite/${inv.token}$`));
    expect(inv.mailed).toBe(true);
    const [row] = await testSql()`
      select token_hash, email, expires_at - created_at as ttl from public.org_invitations where id = ${inv.id}`;
    expect(row.token_hash).toBe(hex(inv.token));
    expect(row.email).toBe("teacher.kim@example.com");
    expect(row.ttl).toBe("7 days");
    const mails = await testSql()`select subject, body from private.mail_outbox where to_address = 'teacher.kim@example.com'`;
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("해오름 논술학원");
    expect(mails[0].body).toContain(`/invite/${inv.token}`);
    const detail = await api(`/orgs/${org.id}`, { token: owner.token });
    expect(detail.body.invitations).toEqual([expect.objectContaining({ id: inv.id, email: "teacher.kim@example.com", role: "teacher" })]);
    expect(JSON.stringify(detail.body)).not.toContain(inv.token);
    const preview = await api(`/invitations/${inv.token}`);
    expect(preview.body).toMatchObject({ orgName: "해오름 논술학원", role: "teacher", state: "valid", valid: true });
    expectApiError(await api(`/invitations/${"A".repeat(43)}`), 404, "초대를 찾을 수 없습니다.");
  });

  it("are made by owners and managers only; a manager invites teachers; bad input is a Korean 400", async () => {
    const { owner, org, teachers } = await orgWithTeachers(2);
    const [teacher, manager] = teachers;
    expectApiError(await api(`/orgs/${org.id}/invitations`, { token: teacher.token, json: { role: "teacher" } }), 403, /소유자나 관리자만/);
    const patched = await api(`/orgs/${org.id}/members/${manager.user.id}`, {
      method: "PATCH",
      token: owner.token,
      json: { role: "manager" },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    await invite(manager, org.id, { role: "teacher" });
    expectApiError(
      await api(`/orgs/${org.id}/invitations`, { token: manager.token, json: { role: "manager" } }),
      403,
      /관리자는 교사만 초대/,
    );
    expectApiError(await api(`/orgs/${org.id}/invitations`, { token: owner.token, json: { role: "owner" } }), 400, "역할을 선택해 주세요.");
    expectApiError(
      await api(`/orgs/${org.id}/invitations`, { token: owner.token, json: { role: "teacher", email: "없음" } }),
      400,
      /이메일 주소/,
    );
    const stranger = await createMember();
    expectApiError(
      await api(`/orgs/${org.id}/invitations`, { token: stranger.token, json: { role: "teacher" } }),
      404,
      "기관을 찾을 수 없습니다.",
    );
  });

  it("refuse a full organisation (members fill seats) in Korean", async () => {
    const owner = await createMember();
    const org = await newOrg(owner); // trial: 1 seat
    expectApiError(
      await api(`/orgs/${org.id}/invitations`, { token: owner.token, json: { role: "teacher" } }),
      409,
      /좌석이 모두 찼습니다/,
    );
  });

  it("answer 410 once expired, revoked or used, and 409 to a member of an organisation", async () => {
    const { owner, org } = await orgWithTeachers(0);
    const [a, b, c] = await Promise.all([createMember(), createMember(), createMember()]);
    const used = await invite(owner, org.id);
    await join(a, used.token);
    expectApiError(await api(`/invitations/${used.token}/accept`, { method: "POST", token: b.token }), 410, /이미 사용된 초대/);
    expect((await api(`/invitations/${used.token}`)).body).toMatchObject({ state: "used", valid: false });

    const revoked = await invite(owner, org.id);
    expect((await api(`/orgs/${org.id}/invitations/${revoked.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    expectApiError(
      await api(`/orgs/${org.id}/invitations/${revoked.id}`, { method: "DELETE", token: owner.token }),
      409,
      /이미 수락되었거나 취소된/,
    );
    expectApiError(await api(`/invitations/${revoked.token}/accept`, { method: "POST", token: b.token }), 410, /취소된 초대/);

    const expired = await invite(owner, org.id);
    await testSql()`update public.org_invitations set expires_at = now() - interval '1 second' where id = ${expired.id}`;
    expectApiError(await api(`/invitations/${expired.token}/accept`, { method: "POST", token: b.token }), 410, /유효 기간이 지났습니다/);

    const other = await orgWithTeachers(0);
    const fresh = await invite(other.owner, other.org.id);
    expectApiError(await api(`/invitations/${fresh.token}/accept`, { method: "POST", token: a.token }), 409, /이미 기관에 소속/);
    expectApiError(await api(`/invitations/${fresh.token}/accept`, { method: "POST", token: owner.token }), 409, /이미 기관에 소속/);
    const guest = await createGuest();
    expectApiError(
      await api(`/invitations/${fresh.token}/accept`, { method: "POST", token: guest.token }),
      403,
      /게스트는 기관에 참여할 수 없습니다/,
    );
    expect((await api(`/invitations/${fresh.token}/accept`, { method: "POST" })).status).toBe(401);
    await join(c, fresh.token);
    expect((await api("/orgs", { token: c.token })).body.org).toMatchObject({ id: other.org.id, role: "teacher" });
  });

  it("mailed to an address open only for the account with that address", async () => {
    const { owner, org } = await orgWithTeachers(0);
    const invited = await createMember();
    const inv = await invite(owner, org.id, { email: invited.email!.toUpperCase(), role: "teacher" });
    const someoneElse = await createMember();
    expectApiError(await api(`/invitations/${inv.token}/accept`, { method: "POST", token: someoneElse.token }), 403, /다른 이메일 주소/);
    await join(invited, inv.token);
  });

  it("fill the last seat exactly once when several accept at the same time", async () => {
    const { owner, org } = await orgWithTeachers(0);
    // 10 seats: the owner and 7 members take 8; five invitees race for the last two
    for (let i = 0; i < 7; i++) await join(await createMember(), (await invite(owner, org.id)).token);
    const people = await Promise.all(Array.from({ length: 5 }, () => createMember()));
    const links: { token: string }[] = [];
    for (let i = 0; i < 5; i++) links.push(await invite(owner, org.id));
    const results = await Promise.all(
      people.map((p, i) => api(`/invitations/${links[i].token}/accept`, { method: "POST", token: p.token })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 200)) expectApiError(r, 409, /좌석이 모두 찼습니다/);
    const [{ n }] = await testSql()`select count(*)::int as n from public.org_members where org_id = ${org.id}`;
    expect(n).toBe(10);
  });
});

describe("members", () => {
  it("the owner changes roles and transfers the ownership; owner and managers set caps", async () => {
    const { owner, org, teachers } = await orgWithTeachers(2);
    const [t1, t2] = teachers;
    const path = (u: TestUser) => `/orgs/${org.id}/members/${u.user.id}`;
    expectApiError(await api(path(t2), { method: "PATCH", token: t1.token, json: { role: "manager" } }), 403, /소유자만/);
    expectApiError(await api(path(t2), { method: "PATCH", token: t1.token, json: { monthlyCap: 5 } }), 403, /소유자나 관리자만/);
    expectApiError(await api(path(t2), { method: "PATCH", token: owner.token, json: {} }), 400, "바꿀 내용을 보내 주세요.");
    expectApiError(await api(path(t2), { method: "PATCH", token: owner.token, json: { monthlyCap: -1 } }), 400, /월 채점 한도/);
    expectApiError(await api(path(t2), { method: "PATCH", token: owner.token, json: { monthlyCap: 2.5 } }), 400, /월 채점 한도/);
    expectApiError(await api(path(owner), { method: "PATCH", token: owner.token, json: { role: "teacher" } }), 409, /소유권을 넘겨서만/);

    const capped = await api(path(t2), { method: "PATCH", token: owner.token, json: { monthlyCap: 40 } });
    expect(capped.body.members.find((m: { userId: string }) => m.userId === t2.user.id).monthlyCap).toBe(40);
    await api(path(t1), { method: "PATCH", token: owner.token, json: { role: "manager" } });
    expect((await api(path(t2), { method: "PATCH", token: t1.token, json: { monthlyCap: null } })).status).toBe(200);
    expectApiError(await api(path(owner), { method: "PATCH", token: t1.token, json: { monthlyCap: 3 } }), 403, /교사와 자신의/);

    const moved = await api(path(t1), { method: "PATCH", token: owner.token, json: { role: "owner" } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ role: "manager", message: /소유권을 넘겼습니다/ });
    const roles = await testSql()`select user_id, role from public.org_members where org_id = ${org.id}`;
    expect(Object.fromEntries(roles.map((r) => [r.user_id, r.role]))).toEqual({
      [owner.user.id]: "manager",
      [t1.user.id]: "owner",
      [t2.user.id]: "teacher",
    });
  });

  it("are removed by owner and managers, leave themselves; the owner transfers first", async () => {
    const { owner, org, teachers } = await orgWithTeachers(3);
    const [manager, t1, t2] = teachers;
    const path = (u: TestUser) => `/orgs/${org.id}/members/${u.user.id}`;
    await api(path(manager), { method: "PATCH", token: owner.token, json: { role: "manager" } });
    expectApiError(await api(path(t2), { method: "DELETE", token: t1.token }), 403, /소유자나 관리자만/);
    expectApiError(await api(path(owner), { method: "DELETE", token: manager.token }), 409, /먼저 다른 구성원에게 소유권/);
    expectApiError(await api(path(owner), { method: "DELETE", token: owner.token }), 409, /먼저 다른 구성원에게 소유권/);
    const removed = await api(path(t1), { method: "DELETE", token: manager.token });
    expect(removed.body).toEqual({ message: "구성원을 내보냈습니다." });
    expectApiError(await api(path(owner), { method: "PATCH", token: t1.token, json: { monthlyCap: 1 } }), 404, "기관을 찾을 수 없습니다.");
    expect((await api(path(t2), { method: "DELETE", token: t2.token })).body).toEqual({ message: "기관에서 나왔습니다." });
    expectApiError(await api(path(manager), { method: "DELETE", token: manager.token + "x" }), 401, /.+/);
    expectApiError(
      await api(`/orgs/${org.id}/members/${t2.user.id}`, { method: "DELETE", token: owner.token }),
      404,
      "구성원을 찾을 수 없습니다.",
    );
    const left = await testSql()`select user_id from public.org_members where org_id = ${org.id} order by user_id`;
    expect(left.map((r) => r.user_id).sort()).toEqual([owner.user.id, manager.user.id].sort());
    // the database holds the same rule for any writer
    await expect(testSql()`delete from public.org_members where org_id = ${org.id} and user_id = ${owner.user.id}`).rejects.toThrow(
      /org_owner_has_members/,
    );
  });

  it("an owner with members cannot delete the account (409); alone, the organisation goes with them", async () => {
    const { owner, org } = await orgWithTeachers(1);
    expectApiError(await api("/account/delete", { token: owner.token, json: { password: owner.password } }), 409, /소유권을 넘겨야 합니다/);
    const solo = await createMember();
    const soloOrg = await newOrg(solo);
    expect((await api("/account/delete", { token: solo.token, json: { password: solo.password } })).status).toBe(200);
    expect(await testSql()`select 1 from public.organisations where id = ${soloOrg.id}`).toHaveLength(0);
    expect(await testSql()`select 1 from public.organisations where id = ${org.id}`).toHaveLength(1);
  });
});

describe("the admin's member list", () => {
  it("shows each member's organisation with their role, its seats and plan", async () => {
    const { owner, org, teachers } = await orgWithTeachers(1);
    const admin = await createAdmin();
    const res = await api(`/admin/users?q=${teachers[0].username}`, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.users[0].org).toEqual({
      id: org.id,
      name: "해오름 논술학원",
      role: "teacher",
      seatsUsed: 2,
      seatsMax: 10,
      planName: "기업",
    });
    const lone = await api(`/admin/users?q=${admin.username}`, { token: admin.token });
    expect(lone.body.users[0].org).toBeNull();
    const asOwner = await api(`/admin/users?q=${owner.username}`, { token: admin.token });
    expect(asOwner.body.users[0].org).toMatchObject({ role: "owner" });
  });
});
