// Optional captcha (Cloudflare Turnstile or hCaptcha) on guest start and sign-up. Off unless
// VITE_CAPTCHA_SITE_KEY is set; then the provider's script is loaded on demand (only when a widget
// mounts, i.e. on the auth screen) from the provider itself. Both providers share the explicit-render
// API used here: render(container, params) → widget id, reset(id), remove(id).
import { env } from "@/config/env";

/** What the auth screen says about the check (the server's own message wins when it sends one). */
export const CAPTCHA_TEXT = {
  title: "확인 안내",
  needed: "안전한 서비스 이용을 위해 간단한 확인이 필요합니다.",
  loadFailed: "보안 확인을 불러오지 못했습니다. 네트워크 연결을 확인한 뒤 다시 시도해 주세요.",
  retry: "다시 불러오기",
} as const;

export type CaptchaProvider = "turnstile" | "hcaptcha";

export interface CaptchaSettings {
  provider: CaptchaProvider;
  siteKey: string;
}

/** The captcha settings of this build, or null when no site key is configured. */
export function captchaSettings(source: { CAPTCHA_SITE_KEY: string; CAPTCHA_PROVIDER: CaptchaProvider } = env): CaptchaSettings | null {
  return source.CAPTCHA_SITE_KEY ? { provider: source.CAPTCHA_PROVIDER, siteKey: source.CAPTCHA_SITE_KEY } : null;
}

export interface CaptchaRenderParams {
  sitekey: string;
  callback: (token: string) => void;
  "expired-callback": () => void;
  "error-callback": () => boolean | void;
  theme?: "auto" | "light" | "dark";
  /** Turnstile's widget language (hCaptcha takes `hl` in the script address). */
  language?: string;
}

/** The part of `window.turnstile` / `window.hcaptcha` this app uses. */
export interface CaptchaApi {
  render(container: HTMLElement, params: CaptchaRenderParams): string | number | null | undefined;
  reset(id?: string | number): void;
  remove(id?: string | number): void;
}

const ONLOAD = "__essayCaptchaLoaded";

export const CAPTCHA_SCRIPTS: Record<CaptchaProvider, string> = {
  turnstile: `https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=${ONLOAD}`,
  hcaptcha: `https://js.hcaptcha.com/1/api.js?render=explicit&onload=${ONLOAD}&recaptchacompat=off&hl=ko`,
};

type CaptchaWindow = Window & { turnstile?: CaptchaApi; hcaptcha?: CaptchaApi } & Record<string, unknown>;

const loading = new Map<CaptchaProvider, Promise<CaptchaApi>>();

/**
 * Loads the provider's script once (a failed load may be retried) and resolves with its global.
 * Resolves on the provider's onload callback, or on the script's load event when the global is
 * already there.
 */
export function loadCaptchaApi(provider: CaptchaProvider): Promise<CaptchaApi> {
  const win = window as unknown as CaptchaWindow;
  const ready = win[provider];
  if (ready) return Promise.resolve(ready);
  const pending = loading.get(provider);
  if (pending) return pending;

  const promise = new Promise<CaptchaApi>((resolve, reject) => {
    const settle = () => {
      const api = win[provider];
      if (api) resolve(api);
      return Boolean(api);
    };
    win[ONLOAD] = settle;
    const script = document.createElement("script");
    script.src = CAPTCHA_SCRIPTS[provider];
    script.async = true;
    script.defer = true;
    script.dataset.captcha = provider;
    script.addEventListener("load", () => {
      if (!settle()) setTimeout(() => settle() || fail(), 10_000);
    });
    const fail = () => {
      loading.delete(provider);
      script.remove();
      reject(new Error(`captcha script of ${provider} did not load`));
    };
    script.addEventListener("error", fail);
    document.head.appendChild(script);
  });
  loading.set(provider, promise);
  return promise;
}
