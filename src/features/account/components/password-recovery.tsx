import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardDescription, CardTitle } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { NewPasswordFields, newPasswordError } from "@/features/account/components/new-password-fields";
import { useFormRequest } from "@/features/account/hooks/use-form-request";
import { useAuth } from "@/lib/auth";
import { notify } from "@/lib/notify";
import { supabase } from "@/lib/supabase";
import { useCaptcha } from "@/components/captcha-widget";
import { CAPTCHA_TEXT } from "@/lib/captcha";

/**
 * 비밀번호 찾기: Supabase Auth mails a recovery link to the address (the answer never tells whether it has
 * an account). With a captcha, Auth's own ([auth.captcha]) wants the widget's token on /recover.
 */
export function ForgotPassword() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const { error, setError, busy, run } = useFormRequest();
  const captcha = useCaptcha();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setError("올바른 이메일 주소를 입력해주세요");
    if (!captcha.ready()) return;
    await run(async () => {
      const { error: authError } = await supabase.auth.resetPasswordForEmail(email.trim(), {
        redirectTo: `${window.location.origin}${paths.resetPassword.getHref()}`,
        captchaToken: captcha.token ?? undefined,
      });
      if (authError) {
        captcha.reset();
        if (authError.code === "captcha_failed") throw new Error(CAPTCHA_TEXT.needed);
        if (authError.status === 429) throw new Error("잠시 후 다시 요청해 주세요. 메일은 1분에 한 번 보낼 수 있습니다.");
        throw authError;
      }
      setSent(true);
    }, "메일을 보내지 못했습니다. 잠시 후 다시 시도해 주세요.");
  };

  return (
    <div className="mx-auto max-w-md p-4">
      <Card>
        <CardBody>
          <CardTitle>비밀번호 찾기</CardTitle>
          {sent ? (
            <p role="status" className="text-sm">
              가입된 이메일이라면 비밀번호 재설정 링크를 보냈습니다. 메일함을 확인해 주세요.
            </p>
          ) : (
            <form onSubmit={submit} noValidate className="space-y-3" aria-label="비밀번호 찾기">
              <CardDescription>가입할 때 입력한 이메일 주소로 비밀번호 재설정 링크를 보내 드립니다.</CardDescription>
              <TextField
                id="recover-email"
                label="이메일"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={error}
              />
              {captcha.widget}
              <Button type="submit" block loading={busy} disabled={busy}>
                재설정 링크 보내기
              </Button>
            </form>
          )}
          <Link to={paths.home.getHref()} className="link text-sm">
            로그인으로 돌아가기
          </Link>
        </CardBody>
      </Card>
    </div>
  );
}

/**
 * The new password of a recovery session, set through Auth (PUT /user): the link's session is new, which
 * is the recent sign-in Auth's secure password change asks for, and no current password is needed.
 */
function RecoveryPasswordForm({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { error, setError, busy, run } = useFormRequest();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = newPasswordError(password, confirm);
    if (invalid) return setError(invalid);
    await run(async () => {
      const { error: authError } = await supabase.auth.updateUser({ password });
      if (authError?.code === "same_password") throw new Error("새 비밀번호는 이전 비밀번호와 달라야 합니다.");
      if (authError?.code === "reauthentication_needed") throw new Error("링크가 만료되었습니다. 비밀번호 찾기를 다시 요청해 주세요.");
      if (authError) throw authError;
      notify({ title: "비밀번호 변경", description: "비밀번호가 변경되었습니다." });
      onDone();
    }, "비밀번호를 변경하지 못했습니다. 잠시 후 다시 시도해 주세요.");
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="비밀번호 변경">
      <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} error={error} />
      <Button type="submit" loading={busy} disabled={busy}>
        비밀번호 변경
      </Button>
    </form>
  );
}

/** The recovery link's landing: the session from the URL fragment is installed, then a new password is set. */
export function ResetPassword() {
  const navigate = useNavigate();
  const { refetchUser } = useAuth();
  const [state, setState] = useState<"loading" | "ready" | "invalid">("loading");

  useEffect(() => {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    window.history.replaceState(null, "", window.location.pathname);
    const access_token = fragment.get("access_token");
    const refresh_token = fragment.get("refresh_token");
    if (fragment.get("type") !== "recovery" || !access_token || !refresh_token) {
      void supabase.auth.getSession().then(({ data }) => setState(data.session ? "ready" : "invalid"));
      return;
    }
    void supabase.auth.setSession({ access_token, refresh_token }).then(async ({ error }) => {
      if (error) return setState("invalid");
      await refetchUser();
      setState("ready");
    });
  }, [refetchUser]);

  return (
    <div className="mx-auto max-w-md p-4">
      <Card>
        <CardBody>
          <CardTitle>새 비밀번호 설정</CardTitle>
          {state === "loading" && <p className="text-sm">확인 중...</p>}
          {state === "invalid" && (
            <p role="alert" className="text-sm">
              링크가 만료되었거나 올바르지 않습니다.{" "}
              <Link to={paths.forgotPassword.getHref()} className="link link-primary">
                비밀번호 찾기
              </Link>
              를 다시 요청해 주세요.
            </p>
          )}
          {state === "ready" && <RecoveryPasswordForm onDone={() => navigate(paths.home.getHref(), { replace: true })} />}
        </CardBody>
      </Card>
    </div>
  );
}
