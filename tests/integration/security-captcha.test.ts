// With CAPTCHA_PROVIDER and its keys set, guest start and sign-up require a
// captcha token verified server-side (tests/fakes/captcha.ts stands in for siteverify). A second
// instance of the api function runs here with the captcha settings, against the test stack's
// database and Auth (the shared instance keeps the captcha off for every other test).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeCaptcha, type FakeCaptcha } from "../fakes/captcha.ts";
import { type ApiInstance, startApiInstance } from "../helpers/api-instance.ts";
import { closeTestSql, testSql, uniqueUsername } from "../helpers/users.ts";

let captcha: FakeCaptcha;
let instance: ApiInstance | undefined;
let baseUrl = "";

beforeAll(async () => {
  captcha = await startFakeCaptcha();
  instance = await startApiInstance({
    CAPTCHA_PROVIDER: "turnstile",
    CAPTCHA_SECRET_KEY: captcha.secret,
    CAPTCHA_VERIFY_URL: captcha.url,
  });
  baseUrl = instance.baseUrl;
});

afterAll(async () => {
  await instance?.stop();
  await captcha?.stop();
  await closeTestSql();
});

let seq = 0;
function addr(): string {
  seq += 1;
  return `198.18.0.${seq}-${Date.now().toString(36)}`;
}

async function post(path: string, body: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": addr() },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe("captcha on guest start and sign-up", () => {
  it("refuses a guest start without a token, in Korean, creating nobody", async () => {
    const [before] = await testSql()`select count(*)::int as n from public.profiles where is_guest`;
    const res = await post("/auth/guest", {});
    expect(res.status).toBe(400);
    expect(res.body.requiresCaptcha).toBe(true);
    expect(res.body.error).toBe("안전한 서비스 이용을 위해 보안 확인을 완료해 주세요.");
    const [after] = await testSql()`select count(*)::int as n from public.profiles where is_guest`;
    expect(after.n).toBe(before.n);
  });

  it("refuses a token the provider rejects, and a token used twice", async () => {
    const bad = await post("/auth/guest", { captchaToken: "forged-token" });
    expect(bad.status).toBe(403);
    expect(bad.body.requiresCaptcha).toBe(true);
    expect(bad.body.error).toContain("보안 확인에 실패했습니다");

    const token = `pass-${Date.now()}`;
    const ok = await post("/auth/guest", { captchaToken: token });
    expect(ok.status).toBe(200);
    expect(ok.body.user.isGuest).toBe(1);
    const again = await post("/auth/guest", { captchaToken: token });
    expect(again.status).toBe(403);

    const seen = captcha.verifications().filter((v) => v.response === token);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ secret: captcha.secret, success: true });
    expect(seen[0].remoteip).toMatch(/^198\.18\.0\./);
  });

  it("requires a verified token to sign up", async () => {
    const username = uniqueUsername("cap");
    const account = { username, email: `${username}@example.com`, password: "password123" };
    const missing = await post("/auth/register", account);
    expect(missing.status).toBe(400);
    expect(missing.body.requiresCaptcha).toBe(true);
    const bad = await post("/auth/register", { ...account, captchaToken: "nope" });
    expect(bad.status).toBe(403);
    const [{ n }] = await testSql()`select count(*)::int as n from public.profiles where username = ${username}`;
    expect(n).toBe(0);

    const ok = await post("/auth/register", { ...account, captchaToken: `pass-${username}` });
    expect(ok.status).toBe(201);
    expect(ok.body.user.username).toBe(username);
  });
});
