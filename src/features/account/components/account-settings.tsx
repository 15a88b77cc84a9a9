import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardDescription, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { api, errorMessage } from "@/lib/api-client";
import { authKeys, useAuth } from "@/lib/auth";
import { notify } from "@/lib/notify";
import { queryClient } from "@/lib/query-client";
import { supabase } from "@/lib/supabase";

/** 비밀번호 변경: the signed-in user's Supabase Auth password (updateUser). */
export function PasswordChangeForm({ onDone }: { onDone?: () => void }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 6) return setError("비밀번호는 최소 6자 이상이어야 합니다");
    if (password.length > 100) return setError("비밀번호는 최대 100자까지 가능합니다");
    if (password !== confirm) return setError("비밀번호가 일치하지 않습니다");
    setError(undefined);
    setBusy(true);
    try {
      const { error: authError } = await supabase.auth.updateUser({ password });
      if (authError) throw authError;
      setPassword("");
      setConfirm("");
      notify({ title: "비밀번호 변경", description: "비밀번호가 변경되었습니다." });
      onDone?.();
    } catch (err) {
      setError(errorMessage(err, "비밀번호를 변경하지 못했습니다. 잠시 후 다시 시도해 주세요."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="비밀번호 변경">
      <div>
        <Label htmlFor="new-password">새 비밀번호</Label>
        <Input id="new-password" type="password" autoComplete="new-password" value={password}
          onChange={(e) => setPassword(e.target.value)} invalid={Boolean(error)} />
      </div>
      <div>
        <Label htmlFor="new-password-confirm">새 비밀번호 확인</Label>
        <Input id="new-password-confirm" type="password" autoComplete="new-password" value={confirm}
          onChange={(e) => setConfirm(e.target.value)} invalid={Boolean(error)} />
        <FieldError message={error} />
      </div>
      <Button type="submit" loading={busy} disabled={busy}>비밀번호 변경</Button>
    </form>
  );
}

/** 회원 탈퇴: re-enter the password; the account and every file and row of it are deleted. */
function WithdrawForm() {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError("비밀번호를 입력해 주세요.");
    if (!agreed) return setError("삭제되는 내용을 확인하고 동의해 주세요.");
    setError(undefined);
    setBusy(true);
    try {
      const res = await api.post<{ message: string }>("/account/delete", { password });
      await supabase.auth.signOut({ scope: "local" }).catch(() => undefined);
      queryClient.clear();
      queryClient.setQueryData(authKeys.me(), null);
      notify({ title: "회원 탈퇴", description: res.message });
      navigate("/", { replace: true });
    } catch (err) {
      setError(errorMessage(err, "회원 탈퇴 처리 중 오류가 발생했습니다."));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="회원 탈퇴">
      <p className="text-sm text-base-content/70">
        탈퇴하면 계정, 첨삭 세션과 결과, 업로드한 파일, 구독·결제 기록이 모두 즉시 삭제되며 되돌릴 수 없습니다.
      </p>
      <div>
        <Label htmlFor="withdraw-password">비밀번호 확인</Label>
        <Input id="withdraw-password" type="password" autoComplete="current-password" value={password}
          onChange={(e) => setPassword(e.target.value)} invalid={Boolean(error)} />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="checkbox checkbox-sm" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        모든 데이터가 삭제된다는 것을 이해했습니다.
      </label>
      <FieldError message={error} />
      <Button type="submit" variant="destructive" loading={busy} disabled={busy}>회원 탈퇴</Button>
    </form>
  );
}

export function AccountSettings() {
  const { user } = useAuth();
  if (!user) return null;
  const guest = Boolean(user.isGuest);
  return (
    <div className="mx-auto max-w-xl space-y-6 p-4">
      <h1 className="text-2xl font-bold">계정 설정</h1>
      <Card>
        <CardBody>
          <CardTitle>내 정보</CardTitle>
          <dl className="grid grid-cols-[8rem_1fr] gap-y-1 text-sm">
            <dt className="text-base-content/60">사용자명</dt><dd>{guest ? "게스트" : user.username}</dd>
            {!guest && (<><dt className="text-base-content/60">이메일</dt><dd>{user.email}</dd></>)}
            {user.displayName && (<><dt className="text-base-content/60">표시 이름</dt><dd>{user.displayName}</dd></>)}
          </dl>
        </CardBody>
      </Card>
      {guest ? (
        <Card>
          <CardBody>
            <CardDescription>게스트 계정은 비밀번호가 없습니다. 로그아웃하면 게스트 이용이 끝납니다.</CardDescription>
          </CardBody>
        </Card>
      ) : (
        <>
          <Card>
            <CardBody>
              <CardTitle>비밀번호 변경</CardTitle>
              <PasswordChangeForm />
            </CardBody>
          </Card>
          <Card>
            <CardBody>
              <CardTitle>회원 탈퇴</CardTitle>
              <WithdrawForm />
            </CardBody>
          </Card>
        </>
      )}
    </div>
  );
}
