import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { GuestConvertDialog } from "@/components/account/guest-convert-dialog";
import { BillingLink } from "@/components/account/billing-link";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardDescription, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { api, errorMessage } from "@/lib/api-client";
import { authKeys, useAuth } from "@/lib/auth";
import { notify } from "@/lib/notify";
import { queryClient } from "@/lib/query-client";
import { supabase } from "@/lib/supabase";
import { NewPasswordFields, PasswordField, newPasswordError } from "@/features/account/components/new-password-fields";
import { useFormRequest } from "@/features/account/hooks/use-form-request";
import { changePassword } from "@/features/account/api/change-password";
import { VALIDATION } from "@shared/messages.ts";

/** 비밀번호 변경: the current password and a new one, through our API (the server checks the current one). */
export function PasswordChangeForm() {
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const { error, setError, busy, run } = useFormRequest();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setError(VALIDATION.currentPasswordRequired);
    const invalid = newPasswordError(password, confirm);
    if (invalid) return setError(invalid);
    await run(async () => {
      const message = await changePassword({ currentPassword: current, newPassword: password });
      setCurrent("");
      setPassword("");
      setConfirm("");
      notify({ title: "비밀번호 변경", description: message });
    }, "비밀번호를 변경하지 못했습니다. 잠시 후 다시 시도해 주세요.");
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="비밀번호 변경">
      <PasswordField id="current-password" label="현재 비밀번호" value={current} onValue={setCurrent} invalid={Boolean(error)} />
      <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} error={error} />
      <Button type="submit" loading={busy} disabled={busy}>
        비밀번호 변경
      </Button>
    </form>
  );
}

/** 표시 이름 and 이메일 of the signed-in member. */
function ProfileForm({ displayName, email }: { displayName: string | null; email: string | null }) {
  const { refetchUser } = useAuth();
  const [name, setName] = useState(displayName ?? "");
  const [address, setAddress] = useState(email ?? "");
  const nameSave = useFormRequest();
  const emailSave = useFormRequest();
  const busy = nameSave.busy || emailSave.busy;

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    if (name.length > 100) return nameSave.setError("표시 이름은 최대 100자까지 가능합니다");
    await nameSave.run(async () => {
      const res = await api.patch<{ message: string }>("/account/profile", { displayName: name });
      await refetchUser();
      notify({ title: "계정 설정", description: res.message });
    }, "표시 이름을 저장하지 못했습니다.");
  };

  const saveEmail = async (event: FormEvent) => {
    event.preventDefault();
    const next = address.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(next)) return emailSave.setError("올바른 이메일 주소를 입력해주세요");
    await emailSave.run(async () => {
      const { data, error } = await supabase.auth.updateUser({ email: next });
      if (error) {
        if (error.code === "email_exists") throw new Error("이미 등록된 이메일입니다.");
        if (error.status === 429) throw new Error("요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.");
        throw new Error("이메일을 변경하지 못했습니다. 주소를 확인해 주세요.");
      }
      await refetchUser();
      notify({
        title: "계정 설정",
        description: data.user?.new_email
          ? "새 이메일 주소로 확인 메일을 보냈습니다. 메일의 링크를 누르면 변경이 완료됩니다."
          : "이메일이 변경되었습니다.",
      });
    }, "이메일을 변경하지 못했습니다.");
  };

  return (
    <div className="space-y-4">
      <form onSubmit={saveName} noValidate className="flex items-end gap-2" aria-label="표시 이름 변경">
        <div className="flex-1">
          <Label htmlFor="profile-display-name">표시 이름</Label>
          <Input id="profile-display-name" value={name} onChange={(e) => setName(e.target.value)} invalid={Boolean(nameSave.error)} />
          <FieldError message={nameSave.error} />
        </div>
        <Button type="submit" variant="outline" loading={nameSave.busy} disabled={busy}>
          저장
        </Button>
      </form>
      <form onSubmit={saveEmail} noValidate className="flex items-end gap-2" aria-label="이메일 변경">
        <div className="flex-1">
          <Label htmlFor="profile-email">이메일</Label>
          <Input
            id="profile-email"
            type="email"
            autoComplete="email"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            invalid={Boolean(emailSave.error)}
          />
          <FieldError message={emailSave.error} />
        </div>
        <Button type="submit" variant="outline" loading={emailSave.busy} disabled={busy}>
          변경
        </Button>
      </form>
    </div>
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
        탈퇴하면 계정, 첨삭 세션과 결과, 업로드한 파일, 구독 정보가 모두 즉시 삭제되며 되돌릴 수 없습니다. 결제 기록은 법에 따라 회원을
        알아볼 수 있는 정보를 지운 채 5년간 보관한 뒤 삭제됩니다.
      </p>
      <PasswordField id="withdraw-password" label="비밀번호 확인" value={password} onValue={setPassword} invalid={Boolean(error)} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="checkbox checkbox-sm" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        모든 데이터가 삭제된다는 것을 이해했습니다.
      </label>
      <FieldError message={error} />
      <Button type="submit" variant="destructive" loading={busy} disabled={busy}>
        회원 탈퇴
      </Button>
    </form>
  );
}

export function AccountSettings() {
  const { user } = useAuth();
  const [convertOpen, setConvertOpen] = useState(false);
  if (!user) return null;
  const guest = Boolean(user.isGuest);
  return (
    <div className="mx-auto max-w-xl space-y-6 p-4">
      <h1 className="text-2xl font-bold">계정 설정</h1>
      {!guest && <BillingLink />}
      <Card>
        <CardBody>
          <CardTitle>내 정보</CardTitle>
          <dl className="grid grid-cols-[8rem_1fr] gap-y-1 text-sm">
            <dt className="text-base-content/70">사용자명</dt>
            <dd data-testid="account-username">{guest ? "게스트" : user.username}</dd>
          </dl>
          {!guest && <ProfileForm key={`${user.displayName}|${user.email}`} displayName={user.displayName} email={user.email} />}
        </CardBody>
      </Card>
      {guest ? (
        <Card>
          <CardBody>
            <CardDescription>
              게스트 계정은 비밀번호가 없습니다. 회원가입하면 지금까지 만든 세션과 결과를 그대로 이어서 쓸 수 있습니다.
            </CardDescription>
            <Button onClick={() => setConvertOpen(true)}>회원가입하고 계속하기</Button>
            {convertOpen && <GuestConvertDialog open onOpenChange={setConvertOpen} />}
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
