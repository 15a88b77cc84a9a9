// 비밀번호 찾기 with a captcha: Auth's own captcha ([auth.captcha]) wants the widget's token on /recover,
// so the form shows the widget, sends nothing before it is solved, and hands the token to
// resetPasswordForEmail; without a site key it sends none. The provider is a fake `window.turnstile`.
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CaptchaApi, CaptchaRenderParams } from "@/lib/captcha";

const supa = vi.hoisted(() => ({ resetPasswordForEmail: vi.fn() }));
vi.mock("@/lib/supabase", () => ({ supabase: { auth: { resetPasswordForEmail: supa.resetPasswordForEmail } } }));
const notify = vi.hoisted(() => vi.fn());
vi.mock("@/lib/notify", () => ({ notify }));

const win = window as unknown as Window & Record<string, unknown>;
let solve: (token: string) => void = () => {};

async function renderForm(env: Record<string, string>) {
  vi.resetModules();
  vi.unstubAllEnvs();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  const { ForgotPassword } = await import("@/features/account/components/password-recovery");
  render(
    <MemoryRouter>
      <ForgotPassword />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText("이메일"), { target: { value: "kim@example.com" } });
}
const send = () => fireEvent.click(screen.getByRole("button", { name: "재설정 링크 보내기" }));

beforeEach(() => {
  supa.resetPasswordForEmail.mockReset().mockResolvedValue({ data: {}, error: null });
  notify.mockReset();
  win.turnstile = {
    render: (_el: HTMLElement, params: CaptchaRenderParams) => {
      solve = (token) => act(() => params.callback(token));
      return "w1";
    },
    reset: () => {},
    remove: () => {},
  } satisfies CaptchaApi;
});
afterEach(() => {
  cleanup();
  delete win.turnstile;
  vi.unstubAllEnvs();
});

describe("비밀번호 찾기 with a captcha site key", () => {
  it("asks for the check first, then sends the widget's token with the recovery request", async () => {
    await renderForm({ VITE_CAPTCHA_SITE_KEY: "site-key", VITE_CAPTCHA_PROVIDER: "turnstile" });
    expect(screen.getByTestId("captcha")).toBeTruthy();
    send();
    expect(notify).toHaveBeenCalledWith({ title: "확인 안내", description: "안전한 서비스 이용을 위해 간단한 확인이 필요합니다." });
    expect(supa.resetPasswordForEmail).not.toHaveBeenCalled();

    await waitFor(() => expect(solve).toBeTypeOf("function"));
    solve("pass-token-1");
    send();
    await waitFor(() => expect(supa.resetPasswordForEmail).toHaveBeenCalledTimes(1));
    expect(supa.resetPasswordForEmail.mock.calls[0][0]).toBe("kim@example.com");
    expect(supa.resetPasswordForEmail.mock.calls[0][1]).toMatchObject({ captchaToken: "pass-token-1" });
    expect(await screen.findByRole("status")).toBeTruthy();
  });
});

describe("비밀번호 찾기 without a site key", () => {
  it("shows no widget and sends no token", async () => {
    await renderForm({ VITE_CAPTCHA_SITE_KEY: "" });
    expect(screen.queryByTestId("captcha")).toBeNull();
    send();
    await waitFor(() => expect(supa.resetPasswordForEmail).toHaveBeenCalledTimes(1));
    expect(supa.resetPasswordForEmail.mock.calls[0][1]?.captchaToken).toBeUndefined();
  });
});
