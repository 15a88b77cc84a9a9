// The optional captcha in the browser. The shared e2e stack keeps it off (every other spec starts
// guests without a check), so this spec brings its own pieces on top of that stack's database and Auth:
//   - the fake siteverify server (tests/fakes/captcha.ts: tokens "pass…" succeed once),
//   - a second api function instance with CAPTCHA_PROVIDER / CAPTCHA_SECRET_KEY / CAPTCHA_VERIFY_URL,
//   - a second Vite dev server of the SPA built with VITE_CAPTCHA_SITE_KEY, whose /api goes to that
//     instance (its dependency pre-bundles are the shared server's: the env is not part of their hash).
// The provider's script (https://challenges.cloudflare.com/…) is replaced through route interception by
// a fake `turnstile` global that draws a checkbox and hands out a token when it is ticked.
import { join, resolve } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import type { ViteDevServer } from "vite";
import { startFakeCaptcha, type FakeCaptcha } from "../fakes/captcha.ts";
import { startApiInstance, type ApiInstance } from "../helpers/api-instance.ts";
import { freePort } from "../helpers/free-port.ts";
import { readStack } from "../helpers/stack.ts";
import { closeTestSql, testSql } from "../helpers/users.ts";
import { toast, uniqueName } from "./support.ts";

const root = resolve(import.meta.dirname, "../..");
const SITE_KEY = "e2e-site-key";
const PROVIDER_SCRIPTS = /^https:\/\/(challenges\.cloudflare\.com|js\.hcaptcha\.com|[^/]*hcaptcha\.com)\//;

/** A stand-in for Cloudflare's api.js (explicit render): a checkbox per widget; ticking it yields a token. */
const FAKE_TURNSTILE = `
(function () {
  var widgets = {};
  var count = 0;
  var state = (window.__fakeCaptcha = { renders: 0, resets: 0, sitekeys: [], prefix: "pass" });
  function draw(id) {
    var w = widgets[id];
    w.el.innerHTML = "";
    var label = document.createElement("label");
    var box = document.createElement("input");
    box.type = "checkbox";
    box.addEventListener("change", function () {
      if (box.checked) w.params.callback(state.prefix + "-" + Math.random().toString(36).slice(2));
    });
    label.appendChild(box);
    label.appendChild(document.createTextNode(" 사람입니다 (테스트 확인)"));
    w.el.appendChild(label);
  }
  window.turnstile = {
    render: function (el, params) {
      count += 1;
      var id = "fake-" + count;
      widgets[id] = { el: el, params: params };
      state.renders += 1;
      state.sitekeys.push(params.sitekey);
      draw(id);
      return id;
    },
    reset: function (id) {
      state.resets += 1;
      if (widgets[id]) draw(id);
    },
    remove: function (id) {
      if (widgets[id]) widgets[id].el.innerHTML = "";
      delete widgets[id];
    },
  };
  var onload = new URL(document.currentScript.src).searchParams.get("onload");
  if (onload && typeof window[onload] === "function") setTimeout(function () { window[onload](); }, 0);
})();
`;

let captcha: FakeCaptcha | undefined;
let apiInstance: ApiInstance | undefined;
let vite: ViteDevServer | undefined;
let appUrl = "";
const savedEnv: Record<string, string | undefined> = {};

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const stack = readStack();
  captcha = await startFakeCaptcha();
  apiInstance = await startApiInstance({
    CAPTCHA_PROVIDER: "turnstile",
    CAPTCHA_SECRET_KEY: captcha.secret,
    CAPTCHA_VERIFY_URL: captcha.url,
  });

  const viteEnv = {
    VITE_SUPABASE_URL: stack.supabaseUrl,
    VITE_SUPABASE_ANON_KEY: stack.anonKey,
    VITE_CAPTCHA_SITE_KEY: SITE_KEY,
    VITE_CAPTCHA_PROVIDER: "turnstile",
  };
  for (const [key, value] of Object.entries(viteEnv)) {
    savedEnv[key] = process.env[key];
    process.env[key] = value;
  }
  const port = await freePort();
  const { createServer } = await import("vite");
  vite = await createServer({
    root,
    configFile: join(root, "vite.config.ts"),
    server: {
      port,
      strictPort: true,
      host: "127.0.0.1",
      proxy: { "^/api(?=/|\\?|$)": { target: apiInstance.origin, changeOrigin: true, rewrite: (path: string) => path } },
    },
    clearScreen: false,
    logLevel: "warn",
  });
  await vite.listen();
  appUrl = `http://127.0.0.1:${port}`;
  for (const path of ["/", "/src/main.tsx", "/src/features/auth/components/auth-screen.tsx"]) {
    await fetch(new URL(path, appUrl))
      .then((res) => res.text())
      .catch(() => undefined);
  }
});

test.afterAll(async () => {
  await vite?.close();
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await apiInstance?.stop();
  await captcha?.stop();
  await closeTestSql();
});

/** Serves the fake provider script and records every request for a provider script. */
async function fakeProvider(page: Page) {
  const scripts: string[] = [];
  await page.route(PROVIDER_SCRIPTS, (route) => {
    scripts.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "application/javascript", body: FAKE_TURNSTILE });
  });
  return scripts;
}

function apiCalls(page: Page, path: string) {
  const bodies: unknown[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === `/api${path}`) bodies.push(request.postDataJSON());
  });
  return bodies;
}

const fakeState = (page: Page) =>
  page.evaluate(() => (window as unknown as { __fakeCaptcha: { renders: number; resets: number; sitekeys: string[] } }).__fakeCaptcha);

test("a build without a site key shows no check and never asks a provider for its script", async ({ page }) => {
  const scripts = await fakeProvider(page);
  await page.goto("/login"); // `/` signed out is the landing; the check sits on the login card
  await expect(page.getByRole("button", { name: "게스트로 시작하기" })).toBeVisible();
  await page.getByRole("tab", { name: "회원가입" }).click();
  await expect(page.getByLabel("비밀번호 확인")).toBeVisible();
  await expect(page.getByTestId("captcha")).toHaveCount(0);
  expect(scripts).toEqual([]);
});

test("guest start: nothing goes out before the check; a refused token resets the widget; a good one starts the guest", async ({ page }) => {
  const scripts = await fakeProvider(page);
  const guestCalls = apiCalls(page, "/auth/guest");
  await page.goto(new URL("/login", appUrl).href); // the check sits on the login card
  const box = page.getByTestId("captcha").getByRole("checkbox");
  await expect(box).toBeVisible();
  expect(scripts).toHaveLength(1);
  expect(new URL(scripts[0]).searchParams.get("render")).toBe("explicit");
  expect((await fakeState(page)).sitekeys).toEqual([SITE_KEY]);

  await page.getByRole("button", { name: "게스트로 시작하기" }).click();
  await expect(toast(page).filter({ hasText: "안전한 서비스 이용을 위해 간단한 확인이 필요합니다." })).toContainText("확인 안내");
  expect(guestCalls).toHaveLength(0);

  // A token the provider does not vouch for: the server refuses it, the widget starts over.
  await page.evaluate(() => ((window as unknown as { __fakeCaptcha: { prefix: string } }).__fakeCaptcha.prefix = "forged"));
  await box.check();
  await page.getByRole("button", { name: "게스트로 시작하기" }).click();
  await expect(toast(page).filter({ hasText: "보안 확인에 실패했습니다. 확인을 다시 완료한 뒤 시도해 주세요." })).toContainText(
    "확인 안내",
  );
  expect(guestCalls).toHaveLength(1);
  expect(guestCalls[0]).toMatchObject({ captchaToken: expect.stringMatching(/^forged-/) });
  await expect.poll(async () => (await fakeState(page)).resets).toBe(1);
  await expect(box).not.toBeChecked();

  await page.evaluate(() => ((window as unknown as { __fakeCaptcha: { prefix: string } }).__fakeCaptcha.prefix = "pass"));
  await box.check();
  await page.getByRole("button", { name: "게스트로 시작하기" }).click();
  await expect(toast(page).getByText("게스트 로그인 성공")).toBeVisible();
  await expect(page.getByRole("banner").getByText("게스트 사용자")).toBeVisible();
  expect(guestCalls).toHaveLength(2);
  const token = (guestCalls[1] as { captchaToken: string }).captchaToken;
  expect(token).toMatch(/^pass-/);
  expect(captcha!.verifications().filter((v) => v.response === token)).toEqual([
    expect.objectContaining({ secret: captcha!.secret, success: true }),
  ]);
});

test("sign-up sends the check's token and creates the account", async ({ page }) => {
  await fakeProvider(page);
  const registerCalls = apiCalls(page, "/auth/register");
  const username = uniqueName("capuser");
  await page.goto(new URL("/login", appUrl).href); // the check sits on the login card
  await page.getByRole("tab", { name: "회원가입" }).click();
  await page.getByLabel("사용자명").fill(username);
  await page.getByLabel("이메일").fill(`${username}@example.com`);
  await page.getByLabel("비밀번호", { exact: true }).fill("secret123");
  await page.getByLabel("비밀번호 확인").fill("secret123");
  await page.getByTestId("captcha").getByRole("checkbox").check();
  await page.getByRole("button", { name: "회원가입", exact: true }).click();
  await expect(toast(page).getByText("회원가입 성공")).toBeVisible();
  await expect(page.getByTestId("usage-badge")).toBeVisible();
  expect(registerCalls).toEqual([expect.objectContaining({ username, captchaToken: expect.stringMatching(/^pass-/) })]);
  const [row] = await testSql()`select count(*)::int as n from public.profiles where username = ${username}`;
  expect(row.n).toBe(1);
});
