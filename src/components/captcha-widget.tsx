// The captcha widget beside the guest button, the sign-up form and 비밀번호 찾기 (only when VITE_CAPTCHA_SITE_KEY is
// set; see src/lib/captcha.ts). useCaptcha() keeps the token of the solved check; a token is good for
// one verification, so forms call reset() after every attempt the server refused.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import { CAPTCHA_TEXT, captchaSettings, loadCaptchaApi, type CaptchaSettings } from "@/lib/captcha";
import { notify } from "@/lib/notify";

interface WidgetHandle {
  reset(): void;
}

export interface CaptchaControl {
  /** Whether this build asks for a captcha at all. */
  required: boolean;
  /** The token of the solved check, or null. */
  token: string | null;
  /** Clears the token and shows a fresh check (after a refused attempt). */
  reset(): void;
  /** True when the request may go out (no captcha, or a token); otherwise says so in a toast. */
  ready(): boolean;
  /** The widget to render, or null without a captcha. */
  widget: ReactNode;
}

export function useCaptcha(settings: CaptchaSettings | null = captchaSettings()): CaptchaControl {
  const provider = settings?.provider;
  const siteKey = settings?.siteKey;
  const stable = useMemo(() => (provider && siteKey ? { provider, siteKey } : null), [provider, siteKey]);
  const [token, setToken] = useState<string | null>(null);
  const handle = useRef<WidgetHandle | null>(null);
  const reset = useCallback(() => {
    setToken(null);
    handle.current?.reset();
  }, []);
  const required = stable !== null;
  const ready = useCallback(() => {
    if (!required || token) return true;
    notify({ title: CAPTCHA_TEXT.title, description: CAPTCHA_TEXT.needed });
    return false;
  }, [required, token]);
  const widget = stable ? <CaptchaWidget settings={stable} onToken={setToken} handle={handle} /> : null;
  return { required, token, reset, ready, widget };
}

function CaptchaWidget({
  settings,
  onToken,
  handle,
}: {
  settings: CaptchaSettings;
  onToken: (token: string | null) => void;
  handle: RefObject<WidgetHandle | null>;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let remove: (() => void) | undefined;
    loadCaptchaApi(settings.provider).then(
      (api) => {
        if (cancelled || !container.current) return;
        const id =
          api.render(container.current, {
            sitekey: settings.siteKey,
            callback: (token) => onToken(token),
            "expired-callback": () => onToken(null),
            "error-callback": () => onToken(null),
            ...(settings.provider === "turnstile" ? { language: "ko" } : {}),
          }) ?? undefined;
        handle.current = {
          reset: () => {
            try {
              api.reset(id);
            } catch (error) {
              console.warn("보안 확인을 초기화하지 못했습니다.", error);
            }
          },
        };
        remove = () => {
          try {
            api.remove(id);
          } catch {
            /* already gone with its container */
          }
        };
      },
      (error) => {
        console.warn(error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      handle.current = null;
      remove?.();
      onToken(null);
    };
  }, [settings, attempt, onToken, handle]);

  return (
    <div className="flex min-h-[65px] flex-col items-center justify-center gap-2" data-testid="captcha">
      <div ref={container} />
      {failed && (
        <p className="text-center text-sm text-error" role="alert">
          {CAPTCHA_TEXT.loadFailed}{" "}
          <button
            type="button"
            className="link link-primary"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {CAPTCHA_TEXT.retry}
          </button>
        </p>
      )}
    </div>
  );
}
