import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { VALIDATION } from "@shared/messages.ts";

/** The rule for a new password: 6 to 100 characters, typed the same twice. Undefined when it holds. */
export function newPasswordError(password: string, confirm: string): string | undefined {
  if (password.length < 6) return VALIDATION.passwordMin;
  if (password.length > 100) return VALIDATION.passwordMax;
  if (password !== confirm) return VALIDATION.passwordMismatch;
  return undefined;
}

/** 새 비밀번호 and 새 비밀번호 확인, with the form's error under the second. */
export function NewPasswordFields(props: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  error?: string;
}) {
  const { password, confirm, onPassword, onConfirm, error } = props;
  return (
    <>
      <div>
        <Label htmlFor="new-password">새 비밀번호</Label>
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => onPassword(e.target.value)}
          invalid={Boolean(error)}
        />
      </div>
      <div>
        <Label htmlFor="new-password-confirm">새 비밀번호 확인</Label>
        <Input
          id="new-password-confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => onConfirm(e.target.value)}
          invalid={Boolean(error)}
        />
        <FieldError message={error} />
      </div>
    </>
  );
}
