// The optional captcha in the SPA: the provider's script is loaded only when a site key is configured,
// the guest button and the sign-up form send the widget's token as captchaToken, a refused attempt
// resets the widget, and nothing goes out before the check is solved. The provider is a fake
// `window.turnstile` / `window.hcaptcha` (the real script comes from the provider at run time).
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CaptchaApi, CaptchaRenderParams } from "@/lib/captcha";

const auth = vi.hoisted(() => ({
  login: vi.fn(),
  loginAsGuest: vi.fn(),
  register: vi.fn(),
}));
vi.mock("@/lib/auth", () => ({ useAuth: () => auth }));
const notify = vi.hoisted(() => vi.fn());
vi.mock("@/lib/notify", () => ({ notify }));

type Win = Window & Record<string, unknown>;
const win = window as unknown as Win;

interface FakeWidget {
  id: string;
  params: CaptchaRenderParams;
  container: HTMLElement;
}

function fakeProvider() {
  const widgets: FakeWidget[] = [];
  const api = {
    render: vi.fn((container: HTMLElement, params: CaptchaRenderParams) => {
      const id = `w${widgets.length + 1}`;
      widgets.push({ id, params, container });
      container.innerHTML = `<label><input type="checkbox" data-fake-captcha="${id}"> 사람입니다</label>`;
      return id;
    }),
    reset: vi.fn(),
    remove: vi.fn(),
  } satisfies CaptchaApi;
  return { api, widgets, solve: (token: string) => act(() => widgets.at(-1)!.params.callback(token)) };
}

async function loadModules(env: Record<string, string>) {
  vi.resetModules();
  vi.unstubAllEnvs();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  const { LoginForm } = await import("@/features/auth/components/login-form");
  const { RegisterForm } = await import("@/features/auth/components/register-form");
  const captcha = await import("@/lib/captcha");
  return { LoginForm, RegisterForm, captcha };
}

const captchaScripts = () =>
  [...document.querySelectorAll("script")].filter((s) => s.src.includes("captcha") || s.src.includes("challenges.cloudflare.com"));

beforeEach(() => {
  auth.login.mockReset();
  auth.loginAsGuest.mockReset();
  auth.register.mockReset();
  notify.mockReset();
  delete win.turnstile;
  delete win.hcaptcha;
  document.querySelectorAll("script").forEach((s) => s.remove());
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

describe("without a site key", () => {
  it("shows no widget, loads no script and starts a guest without a token", async () => {
    const { LoginForm, captcha } = await loadModules({ VITE_CAPTCHA_SITE_KEY: "" });
    expect(captcha.captchaSettings()).toBeNull();
    auth.loginAsGuest.mockResolvedValue({});
    render(<LoginForm onSwitchToRegister={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "게스트로 시작하기" }));
    await waitFor(() => expect(auth.loginAsGuest).toHaveBeenCalledTimes(1));
    expect(auth.loginAsGuest.mock.calls[0][0] ?? null).toBeNull();
    expect(screen.queryByTestId("captcha")).toBeNull();
    expect(captchaScripts()).toHaveLength(0);
    expect(notify).not.toHaveBeenCalled();
  });
});

describe("with a Turnstile site key", () => {
  const ENV = { VITE_CAPTCHA_SITE_KEY: "site-key-1", VITE_CAPTCHA_PROVIDER: "turnstile" };

  /** Loads the forms with ENV and a fake Turnstile, renders the login or sign-up form and waits for its one widget. */
  async function renderWithWidget(form: "login" | "register") {
    const { LoginForm, RegisterForm } = await loadModules(ENV);
    const provider = fakeProvider();
    win.turnstile = provider.api;
    const view = render(form === "login" ? <LoginForm onSwitchToRegister={() => {}} /> : <RegisterForm onSwitchToLogin={() => {}} />);
    await waitFor(() => expect(provider.api.render).toHaveBeenCalledTimes(1));
    return { provider, view };
  }

  it("renders the widget at the guest button and sends its token; a refused attempt resets it", async () => {
    const { provider } = await renderWithWidget("login");
    expect(provider.widgets[0].params).toMatchObject({ sitekey: "site-key-1", language: "ko" });
    expect(screen.getByTestId("captcha").contains(provider.widgets[0].container)).toBe(true);

    // Not solved yet: nothing is sent, the user is told why.
    fireEvent.click(screen.getByRole("button", { name: "게스트로 시작하기" }));
    expect(auth.loginAsGuest).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith({ title: "확인 안내", description: "안전한 서비스 이용을 위해 간단한 확인이 필요합니다." });

    // Solved: the token goes with the request; the server refuses it → the widget is reset.
    provider.solve("tok-1");
    auth.loginAsGuest.mockRejectedValueOnce(new Error("보안 확인에 실패했습니다."));
    fireEvent.click(screen.getByRole("button", { name: "게스트로 시작하기" }));
    await waitFor(() => expect(provider.api.reset).toHaveBeenCalledWith("w1"));
    expect(auth.loginAsGuest).toHaveBeenCalledWith("tok-1");

    // The used token is gone: a second click without a fresh check sends nothing.
    notify.mockClear();
    await waitFor(() => expect(screen.getByRole("button", { name: "게스트로 시작하기" })).not.toHaveProperty("disabled", true));
    fireEvent.click(screen.getByRole("button", { name: "게스트로 시작하기" }));
    expect(auth.loginAsGuest).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: "확인 안내" }));

    provider.solve("tok-2");
    auth.loginAsGuest.mockResolvedValueOnce({});
    fireEvent.click(screen.getByRole("button", { name: "게스트로 시작하기" }));
    await waitFor(() => expect(auth.loginAsGuest).toHaveBeenLastCalledWith("tok-2"));
  });

  it("an expired check drops its token", async () => {
    const { provider } = await renderWithWidget("login");
    provider.solve("tok-old");
    act(() => provider.widgets[0].params["expired-callback"]());
    fireEvent.click(screen.getByRole("button", { name: "게스트로 시작하기" }));
    expect(auth.loginAsGuest).not.toHaveBeenCalled();
  });

  it("the login itself needs no check", async () => {
    const { LoginForm } = await loadModules(ENV);
    win.turnstile = fakeProvider().api;
    auth.login.mockResolvedValue({});
    render(<LoginForm onSwitchToRegister={() => {}} />);
    fireEvent.change(screen.getByLabelText("사용자명"), { target: { value: "teacher_kim" } });
    fireEvent.change(screen.getByLabelText("비밀번호"), { target: { value: "secret123" } });
    fireEvent.click(screen.getByRole("button", { name: "로그인" }));
    await waitFor(() => expect(auth.login).toHaveBeenCalledWith({ username: "teacher_kim", password: "secret123" }));
  });

  it("the sign-up form sends the token beside the account and resets the widget when refused", async () => {
    const { provider } = await renderWithWidget("register");
    fireEvent.change(screen.getByLabelText("사용자명"), { target: { value: "teacher_kim" } });
    fireEvent.change(screen.getByLabelText("이메일"), { target: { value: "kim@example.com" } });
    fireEvent.change(screen.getByLabelText("비밀번호"), { target: { value: "secret123" } });
    fireEvent.change(screen.getByLabelText("비밀번호 확인"), { target: { value: "secret123" } });

    fireEvent.click(screen.getByRole("button", { name: "회원가입" }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: "확인 안내" })));
    expect(auth.register).not.toHaveBeenCalled();

    provider.solve("tok-r");
    auth.register.mockRejectedValueOnce(new Error("이미 사용 중인 사용자명입니다."));
    fireEvent.click(screen.getByRole("button", { name: "회원가입" }));
    await waitFor(() => expect(provider.api.reset).toHaveBeenCalledWith("w1"));
    expect(auth.register).toHaveBeenCalledWith({ username: "teacher_kim", email: "kim@example.com", password: "secret123" }, "tok-r");
  });

  it("removes its widget when the form goes away", async () => {
    const { provider, view } = await renderWithWidget("register");
    view.unmount();
    expect(provider.api.remove).toHaveBeenCalledWith("w1");
  });
});

describe("the script loader", () => {
  it("loads the provider's script once, explicit render, and resolves on its onload callback", async () => {
    const { captcha } = await loadModules({ VITE_CAPTCHA_SITE_KEY: "k", VITE_CAPTCHA_PROVIDER: "hcaptcha" });
    expect(captcha.captchaSettings()).toEqual({ provider: "hcaptcha", siteKey: "k" });
    const first = captcha.loadCaptchaApi("hcaptcha");
    const second = captcha.loadCaptchaApi("hcaptcha");
    expect(second).toBe(first);
    const scripts = captchaScripts();
    expect(scripts).toHaveLength(1);
    const url = new URL(scripts[0].src);
    expect(url.origin + url.pathname).toBe("https://js.hcaptcha.com/1/api.js");
    expect(url.searchParams.get("render")).toBe("explicit");
    const onload = url.searchParams.get("onload")!;
    const api = fakeProvider().api;
    win.hcaptcha = api;
    (win[onload] as () => void)();
    await expect(first).resolves.toBe(api);
  });

  it("rejects when the script fails, and a later attempt loads it again", async () => {
    const { captcha } = await loadModules({ VITE_CAPTCHA_SITE_KEY: "k" });
    const failing = captcha.loadCaptchaApi("turnstile");
    const [script] = captchaScripts();
    expect(new URL(script.src).origin).toBe("https://challenges.cloudflare.com");
    script.dispatchEvent(new Event("error"));
    await expect(failing).rejects.toThrow();
    expect(captchaScripts()).toHaveLength(0);
    void captcha.loadCaptchaApi("turnstile").catch(() => {});
    expect(captchaScripts()).toHaveLength(1);
  });

  it("the widget says so in Korean when the script cannot load, and retries on request", async () => {
    const { LoginForm } = await loadModules({ VITE_CAPTCHA_SITE_KEY: "k" });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    render(<LoginForm onSwitchToRegister={() => {}} />);
    await waitFor(() => expect(captchaScripts()).toHaveLength(1));
    captchaScripts()[0].dispatchEvent(new Event("error"));
    expect(await screen.findByText(/보안 확인을 불러오지 못했습니다/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "다시 불러오기" }));
    await waitFor(() => expect(captchaScripts()).toHaveLength(1));
    expect(screen.queryByText(/보안 확인을 불러오지 못했습니다/)).toBeNull();
  });
});
