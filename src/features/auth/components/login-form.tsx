import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useCaptcha } from "@/components/captcha-widget";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { useZodForm } from "@/lib/zod-form";
import { loginSchema, type LoginInput } from "@shared/schemas.ts";

const LOGIN_REFUSED = "아이디와 비밀번호를 다시 확인해 주세요.";

/** A refused sign-in marks both fields; the username (no message of its own) then points at the password's. */
const fields: Array<{ name: keyof LoginInput; label: string; type?: string; autoComplete: string; placeholder: string }> = [
  { name: "username", label: "사용자명", autoComplete: "username", placeholder: "사용자명을 입력하세요" },
  { name: "password", label: "비밀번호", type: "password", autoComplete: "current-password", placeholder: "비밀번호를 입력하세요" },
];

export function LoginForm({ onSwitchToRegister }: { onSwitchToRegister: () => void }) {
  const { login, loginAsGuest } = useAuth();
  const [guestBusy, setGuestBusy] = useState(false);
  const captcha = useCaptcha();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(loginSchema, { username: "", password: "" });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login(values);
    } catch (error) {
      // The auth provider already showed the toast; a refused sign-in also marks the fields,
      // where the eye is (a toast alone is easy to miss).
      if (error instanceof ApiError && error.status === 401) {
        setError("username", { type: "server" });
        setError("password", { type: "server", message: errorMessage(error, LOGIN_REFUSED) }, { shouldFocus: true });
      }
    }
  });

  const startAsGuest = async () => {
    if (!captcha.ready()) return;
    setGuestBusy(true);
    try {
      await loginAsGuest(captcha.token);
    } catch {
      /* the auth provider already showed the toast; a token is good for one attempt */
      captcha.reset();
    } finally {
      setGuestBusy(false);
    }
  };

  const busy = isSubmitting || guestBusy;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="로그인">
      {fields.map(({ name, ...field }) => {
        const error = errors[name];
        return (
          <TextField
            key={name}
            id={`login-${name}`}
            error={error?.message}
            invalid={Boolean(error)}
            describedBy={error ? (error.message ? `login-${name}-error` : "login-password-error") : undefined}
            {...field}
            {...register(name)}
          >
            {name === "password" && (
              <a href="/forgot-password" className="link link-hover mt-1 inline-block text-xs text-base-content/70">
                비밀번호를 잊으셨나요? 비밀번호 찾기
              </a>
            )}
          </TextField>
        );
      })}
      <Button type="submit" block loading={isSubmitting} disabled={busy}>
        {isSubmitting ? "로그인 중..." : "로그인"}
      </Button>
      <div className="divider my-2 text-xs text-base-content/70">또는</div>
      {captcha.widget}
      <Button type="button" variant="outline" block loading={guestBusy} disabled={busy} onClick={startAsGuest}>
        {guestBusy ? "게스트로 시작하는 중..." : "게스트로 시작하기"}
      </Button>
      <p className="text-center text-xs text-base-content/70">게스트는 회원가입 없이 3회 무료로 첨삭을 받을 수 있습니다.</p>
      <p className="text-center text-sm">
        아직 계정이 없으신가요?{" "}
        <button type="button" className="link link-primary font-medium" onClick={onSwitchToRegister}>
          회원가입
        </button>
      </p>
    </form>
  );
}
